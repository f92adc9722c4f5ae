import type { IpBlocking } from '../domain/security/ip-blocking';
import type { CountedCause } from '../domain/security/rules';

/** The `service` of SIP bans in the shared store. */
export const SIP_SERVICE = 'sip';

/**
 * The SIP server's side of IP blocking (server/domain/security): the same
 * counters, bans and whitelist as the console's logins, under service `sip`.
 * `onBan` runs when an address is banned (by this failure, or already), so
 * its connections to this node can be closed.
 */
export function createSipBans(blocking: IpBlocking, onBan: (ip: string) => void) {
  return {
    isBanned: (ip: string): Promise<boolean> => blocking.isBanned(ip, SIP_SERVICE),

    /** Counts one failure of the address; true when the address is banned now. */
    async record(ip: string, cause: CountedCause): Promise<boolean> {
      const { banned } = await blocking.recordFailure({ ip, service: SIP_SERVICE, cause });
      if (banned) onBan(ip);
      return banned;
    },
  };
}

export type IpBans = ReturnType<typeof createSipBans>;
