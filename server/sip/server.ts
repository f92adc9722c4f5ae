import type { Kysely } from 'kysely';
import { DTMF_CONTENT_TYPE, SIP_HEADERS } from '../../src/contract/entities/calls';
import type { Database } from '../db/schema';
import type { IpBlocking } from '../domain/security/ip-blocking';
import type { ForwardPlan } from '../domain/telephony/forwarding';
import { type CallQueue, type CallQueueDeps, createCallQueue } from './b2bua/call-queue';
import type { MediaFactory } from './b2bua/media';
import { createSipBans } from './bans';
import { reply, type SipCore, type SipLogger } from './core';
import { createDialogs } from './dialogs';
import { challenge, createRealm, verifyDigest } from './digest';
import { createDirectory, isAwaitingNumber, type SipNumberInfo } from './directory';
import { createForkingProxy } from './fork';
import { createCallHistory, startRecord } from './history';
import { SipRequest, type SipResponse } from './message';
import { createOutbound } from './outbound';
import { parseCSeq } from './parse';
import { createBindings, handleRegister } from './registrar';
import { createWssTransport, type SipConnection } from './transport';
import { parseNameAddr, parseUri, parseVia } from './uri';

export const SERVER_ALLOW = 'REGISTER, INVITE, ACK, CANCEL, BYE, INFO, OPTIONS, UPDATE';

export interface SipServerOptions {
  db: Kysely<Database>;
  /** The IP blocking store the console's logins share: SIP failures count and SIP bans live there. */
  ipBlocking: IpBlocking;
  /** SIP domain: host of `number@host` and the digest realm. */
  domain: string;
  tls: { cert: string; key: string };
  log: SipLogger;
  media: MediaFactory;
  /** Secret of the digest nonces (random per start when absent: clients simply re-register). */
  nonceSecret?: Uint8Array;
  /** What the call queue needs from the platform: concerned concierges, caller info, publishing. */
  queue: Pick<CallQueueDeps, 'concerned' | 'describe' | 'publish'>;
  /** Numbers intercepting calls to a number (call interception); none when absent. */
  interceptors?: (callee: SipNumberInfo, callerNumber: string) => Promise<string[]>;
  /** The callee number's call forwarding now; none when absent. */
  forwarding?: (callee: SipNumberInfo) => Promise<ForwardPlan | null>;
  /** Whether a user's number may call the callee (calls.* permissions); every call when absent. */
  mayCall?: (caller: SipNumberInfo & { userId: number }, callee: SipNumberInfo) => Promise<boolean>;
}

/** A running embedded SIP server: registrar, forking proxy and call queue over one WSS listener. */
export interface SipServer {
  port: number;
  queue: CallQueue;
  core: SipCore;
  /** Sends DTMF `tone` by SIP INFO to every registration of a number; true when one accepted it. */
  sendDtmf(number: string, tone: string, durationMs: number): Promise<boolean>;
  stats(): { connections: number; numbers: number; registrations: number; calls: number; waitingCalls: number };
  close(): Promise<void>;
}

const userOfRequestUri = (request: SipRequest): string | null => {
  try {
    return parseUri(request.uri).user;
  } catch {
    return null;
  }
};
const userOfHeader = (value: string | undefined): string | null => {
  try {
    return value ? parseNameAddr(value).uri.user : null;
  } catch {
    return null;
  }
};
const hasToTag = (request: SipRequest) => /;\s*tag=/i.test(request.get('To') ?? '');

/** Starts the SIP server on host:port (0: any free port). */
export async function startSipServer(options: SipServerOptions, host: string, port: number): Promise<SipServer> {
  const { log, db } = options;
  const directory = createDirectory(db);
  const bindings = createBindings();
  const history = createCallHistory(db, log);
  const outbound = createOutbound(options.domain);
  // Filled right below: the ban hook closes the banned address's connections through the transport.
  const core = {
    domain: options.domain,
    realm: createRealm(options.domain, options.nonceSecret),
    directory,
    bindings,
    log,
  } as SipCore;
  core.bans = createSipBans(options.ipBlocking, (ip) => {
    log.warn({ ip }, 'sip: address banned');
    for (const c of [...core.transport.connections()]) if (c.ip === ip) c.close();
  });
  const dialogs = createDialogs(core, history);
  const proxy = createForkingProxy(core, dialogs, history);
  const queue = createCallQueue({ core, outbound, history, media: options.media, ...options.queue });
  /** INVITEs between arrival and the end of their (async) look-ups: a CANCEL then marks them. */
  const arriving = new Map<string, { cancelled: boolean }>();
  const arrivalKey = (c: SipConnection, r: SipRequest) => `${c.id} ${(r.get('Via') ?? '').replace(/\s+/g, '')}`;

  /** The caller of an initial INVITE: authenticated on this connection, or by Proxy-Authorization now. */
  const authenticateCaller = async (connection: SipConnection, request: SipRequest): Promise<SipNumberInfo | null> => {
    const number = userOfHeader(request.get('From'));
    if (!number) {
      reply(connection, request, 400, { reason: 'Bad From' });
      return null;
    }
    const info = await directory.find(number);
    if (connection.authenticated.has(number) && info) return info;
    const check = await verifyDigest(core.realm, request.get('Proxy-Authorization'), 'INVITE', async (username) =>
      username === number && info ? info.password : null,
    );
    if (check.result === 'ok' && info) {
      connection.authenticated.add(number);
      return info;
    }
    if (check.result === 'failed') await core.bans.record(connection.ip, 'AUTH_FAILED');
    reply(connection, request, 407, {
      headers: { 'Proxy-Authenticate': challenge(core.realm, check.result === 'challenge' && check.stale) },
    });
    return null;
  };

  const onInvite = async (connection: SipConnection, request: SipRequest) => {
    if (proxy.isKnown(connection, request)) return;
    reply(connection, request, 100);
    const key = arrivalKey(connection, request);
    const arrival = { cancelled: false };
    arriving.set(key, arrival);
    try {
      const caller = await authenticateCaller(connection, request);
      if (!caller) return;
      const calleeNumber = userOfRequestUri(request) ?? userOfHeader(request.get('To'));
      const callee = calleeNumber ? await directory.find(calleeNumber) : null;
      if (!callee || callee.projectId !== caller.projectId) {
        await core.bans.record(connection.ip, 'WRONG_NUMBER');
        reply(connection, request, 404, { reason: 'Number Not Found' });
        return;
      }
      if (arrival.cancelled) {
        reply(connection, request, 487);
        return;
      }
      const speechId = request.get(SIP_HEADERS.speechId);
      if (isAwaitingNumber(callee) && queue.has(speechId))
        return await queue.join(connection, request, caller, speechId!, () => arrival.cancelled);
      if (!isAwaitingNumber(callee) && callee.number === caller.number) {
        reply(connection, request, 403, { reason: 'unable to call your number' });
        return;
      }
      // Door panels and group numbers call anyone in their project; users by their role.
      if (
        caller.userId !== null &&
        options.mayCall &&
        !(await options.mayCall({ ...caller, userId: caller.userId }, callee))
      ) {
        reply(connection, request, 403, { reason: 'Call Not Permitted' });
        return;
      }
      if (isAwaitingNumber(callee)) {
        return await queue.incoming(connection, request, caller, callee, () => arrival.cancelled);
      }
      const record = startRecord({
        speechId: speechId && speechId.length <= 100 ? speechId : crypto.randomUUID(),
        caller,
        callee,
        type: 'normal',
        isSos: request.get(SIP_HEADERS.sosCall) === '1',
      });
      const [interceptors, forward] = await Promise.all([
        options.interceptors?.(callee, caller.number) ?? [],
        options.forwarding?.(callee) ?? null,
      ]);
      const targetsOf = (numbers: string[]) =>
        numbers.flatMap((number) => bindings.lookup(number).map((b) => ({ ...b, number })));
      const first = targetsOf([callee.number, ...interceptors]);
      if (first.length === 0 && !forward) {
        reply(connection, request, 480, { reason: 'Not Registered' });
        void history.finish(record, 'noanswer');
        return;
      }
      if (arrival.cancelled) {
        reply(connection, request, 487);
        void history.finish(record, 'cancel');
        return;
      }
      proxy.invite(connection, request, { callee, record, first, forward, targetsOf });
    } finally {
      arriving.delete(key);
    }
  };

  const onRequest = async (connection: SipConnection, request: SipRequest) => {
    if (request.method === 'REGISTER') return handleRegister(core, connection, request);
    if (request.method === 'CANCEL') {
      if (proxy.cancel(connection, request) || queue.cancel(connection, request)) return;
      const arrival = arriving.get(arrivalKey(connection, request));
      if (arrival) {
        arrival.cancelled = true;
        reply(connection, request, 200);
      } else reply(connection, request, 481);
      return;
    }
    if (request.method === 'ACK' && proxy.absorbsAck(connection, request)) return;
    if (dialogs.route(connection, request)) return;
    if (queue.inDialog(connection, request)) return;
    if (hasToTag(request)) {
      if (request.method !== 'ACK') reply(connection, request, 481);
      return;
    }
    if (request.method === 'INVITE') return onInvite(connection, request);
    if (request.method === 'OPTIONS') {
      reply(connection, request, 200, { headers: { Allow: SERVER_ALLOW } });
      return;
    }
    if (request.method !== 'ACK') reply(connection, request, 405, { headers: { Allow: SERVER_ALLOW } });
  };

  const onResponse = (connection: SipConnection, response: SipResponse) => {
    let via: ReturnType<typeof parseVia>;
    try {
      via = parseVia(response.get('Via') ?? '');
    } catch {
      return;
    }
    if (via.host.toLowerCase() !== options.domain.toLowerCase()) return;
    response.shift('Via');
    const branch = via.params.get('branch') ?? '';
    let method = '';
    try {
      method = parseCSeq(response.get('CSeq') ?? '').method;
    } catch {
      return;
    }
    // Answers to our CANCELs and ACK-less bookkeeping end here.
    if (method === 'CANCEL') return;
    if (outbound.handle(branch, response)) return;
    if (method === 'INVITE' && proxy.response(branch, connection, response)) return;
    const back = core.transport.get(via.params.get('ghc') ?? '');
    back?.send(response);
  };

  core.transport = createWssTransport(options.tls, {
    accept: async (ip) => !(await core.bans.isBanned(ip)),
    onMessage(connection, message) {
      // One bad message must never take the process down: sync and async failures end here.
      const failed = (error: unknown) => {
        log.error({ err: error }, 'sip: message handling failed');
        if (message.kind === 'request' && message.method !== 'ACK') reply(connection, message, 500);
      };
      try {
        if (message.kind === 'request') onRequest(connection, message).catch(failed);
        else onResponse(connection, message);
      } catch (error) {
        failed(error);
      }
    },
    onBadMessage(connection, error) {
      log.debug({ ip: connection.ip, err: error.message }, 'sip: unreadable message dropped');
    },
    onClose(connection) {
      bindings.dropConnection(connection.id);
      proxy.connectionClosed(connection);
      dialogs.connectionClosed(connection, (to, request) => void outbound.send(to, request));
      queue.connectionClosed(connection);
    },
  });
  const listeningPort = await core.transport.listen(host, port);

  return {
    port: listeningPort,
    queue,
    core,
    async sendDtmf(number, tone, durationMs) {
      const targets = bindings.lookup(number);
      const results = await Promise.all(
        targets.map(async (b) => {
          const connection = core.transport.get(b.connectionId);
          if (!connection) return false;
          const info = new SipRequest('INFO', b.contact);
          info.set('From', `<sip:gatehouse@${options.domain}>;tag=${crypto.randomUUID().slice(0, 8)}`);
          info.set('To', `<sip:${number}@${options.domain}>`);
          info.set('Call-ID', crypto.randomUUID());
          info.set('CSeq', '1 INFO');
          info.set('Content-Type', DTMF_CONTENT_TYPE);
          info.body = `Signal=${tone}\r\nDuration=${durationMs}\r\n`;
          const response = await Promise.race([
            outbound.send(connection, info),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), DTMF_ANSWER_TIMEOUT_MS).unref()),
          ]);
          return response !== null && response.status >= 200 && response.status < 300;
        }),
      );
      return results.some(Boolean);
    },
    stats() {
      const reg = bindings.stats();
      return {
        connections: [...core.transport.connections()].length,
        numbers: reg.numbers,
        registrations: reg.registrations,
        calls: proxy.ringing() + dialogs.count(),
        waitingCalls: queue.count(),
      };
    },
    async close() {
      queue.closeAll();
      proxy.closeAll();
      dialogs.closeAll((to, request) => void outbound.send(to, request));
      outbound.clear();
      await history.flush();
      await core.transport.close();
      bindings.clear();
    },
  };
}

/** How long the door-open INFO waits for the panel's answer before calling it offline. */
export const DTMF_ANSWER_TIMEOUT_MS = 5_000;
