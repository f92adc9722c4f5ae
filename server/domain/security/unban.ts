import type { IpBlockService } from '../../../src/contract/entities/ip-blocking';
import { recordAuditEvent } from '../audit/audit-events';
import type { Auth } from '../auth/auth-context';
import { itemNotFound } from '../errors';
import { liftAllBans, liftBan } from './bans';
import { forgetFailures } from './failures';
import type { IpBlocking } from './ip-blocking';

/** Audit actions of IP blocking (`audit_events.action`). */
export const AUDIT_ACTIONS = {
  unban: 'unban',
  unbanAll: 'unban_all',
  whitelistAdd: 'create',
  whitelistDelete: 'delete',
} as const;

/** Bans listed in the audit details of an unban-all, at most (the count is always whole). */
const LISTED_IN_AUDIT = 100;

/**
 * Lifts the ban in force on an address for one service (404 when there is
 * none), forgets its failures and its escalation, and writes who did it.
 */
export async function unban(
  blocking: IpBlocking,
  auth: Auth,
  target: { ip: string; service: IpBlockService },
): Promise<void> {
  const now = blocking.clock.now();
  await blocking.db.transaction().execute(async (trx) => {
    const ban = await liftBan(trx, target.ip, target.service, now);
    if (!ban) throw itemNotFound();
    await forgetFailures(trx, 'address', ban.ip, ban.service);
    await recordAuditEvent(trx, {
      projectId: auth.projectId,
      userId: auth.userId,
      action: AUDIT_ACTIONS.unban,
      entity: 'ip_bans',
      entityId: ban.id,
      entityKey: `${ban.ip} ${ban.service}`,
      details: {
        ip: ban.ip,
        service: ban.service,
        cause: ban.cause,
        level: ban.level,
        banned_at: ban.banned_at,
        expires_at: ban.expires_at,
        unbanned: 1,
      },
      at: now.toISOString(),
    });
  });
  blocking.announce('unbanned');
}

/** Lifts every ban (of one service, when given) and writes who did it; answers how many were in force. */
export async function unbanAll(blocking: IpBlocking, auth: Auth, service: IpBlockService | undefined): Promise<number> {
  const now = blocking.clock.now();
  const lifted = await blocking.db.transaction().execute(async (trx) => {
    const bans = await liftAllBans(trx, service, now);
    for (const ip of new Set(bans.map((ban) => ban.ip))) await forgetFailures(trx, 'address', ip, service);
    await recordAuditEvent(trx, {
      projectId: auth.projectId,
      userId: auth.userId,
      action: AUDIT_ACTIONS.unbanAll,
      entity: 'ip_bans',
      entityKey: service ?? null,
      details: {
        service: service ?? null,
        unbanned: bans.length,
        bans: bans.slice(0, LISTED_IN_AUDIT).map((ban) => ({ ip: ban.ip, service: ban.service, cause: ban.cause })),
      },
      at: now.toISOString(),
    });
    return bans.length;
  });
  if (lifted > 0) blocking.announce('unbanned');
  return lifted;
}
