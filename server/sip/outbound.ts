import { newBranch } from './core';
import { REASONS, type SipRequest, SipResponse } from './message';
import type { SipConnection } from './transport';

/** How long a request the server sends itself waits for its final response (RFC 3261 timer F: 64 × T1). */
export const OUTBOUND_TIMEOUT_MS = 32_000;

/**
 * Requests the server originates itself (BYE of a dead dialog's other side,
 * the B2BUA's BYE and INFO, the door-open INFO): adds our Via and resolves
 * with the final response, or a synthetic 408 when none comes in time.
 */
export function createOutbound(domain: string) {
  const waiting = new Map<string, { resolve: (res: SipResponse) => void; timer: NodeJS.Timeout }>();
  const timeout = (request: SipRequest) => {
    const res = new SipResponse(408, REASONS[408]!);
    res.set('Call-ID', request.get('Call-ID') ?? '').set('CSeq', request.get('CSeq') ?? '');
    return res;
  };

  return {
    /** Sends a request on a connection; ACK resolves at once with null (it has no response). */
    send(connection: SipConnection, request: SipRequest): Promise<SipResponse | null> {
      const branch = newBranch();
      request.prepend('Via', `SIP/2.0/WSS ${domain};branch=${branch}`);
      if (!request.has('Max-Forwards')) request.set('Max-Forwards', '70');
      if (request.method === 'ACK') {
        connection.send(request);
        return Promise.resolve(null);
      }
      if (!connection.open) return Promise.resolve(timeout(request));
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(branch);
          resolve(timeout(request));
        }, OUTBOUND_TIMEOUT_MS);
        timer.unref();
        waiting.set(branch, { resolve, timer });
        connection.send(request);
      });
    },
    /** Takes a response whose top Via (already removed) carried this branch; false when not ours. */
    handle(branch: string, response: SipResponse): boolean {
      const entry = waiting.get(branch);
      if (!entry) return false;
      if (response.status >= 200) {
        clearTimeout(entry.timer);
        waiting.delete(branch);
        entry.resolve(response);
      }
      return true;
    },
    /** Resolves everything still waiting with 408 (shutdown). */
    clear() {
      for (const [branch, entry] of waiting) {
        clearTimeout(entry.timer);
        entry.resolve(new SipResponse(408, `${REASONS[408]} (${branch})`));
      }
      waiting.clear();
    },
  };
}

export type Outbound = ReturnType<typeof createOutbound>;
