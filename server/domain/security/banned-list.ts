import type { IpBan } from '../../../src/contract/entities/ip-blocking';
import type { RowOf } from '../../db/rows';
import { inForce } from './bans';
import type { IpBlocking } from './ip-blocking';

/**
 * The banned list (7.8): the bans in force, of every service and address.
 * Installation-wide: not narrowed by the caller's project.
 */
export const scopedBans = (blocking: IpBlocking) =>
  blocking.db.selectFrom('ip_bans').where(inForce(blocking.clock.now().toISOString()));

export const BAN_COLUMNS = {
  id: 'ip_bans.id',
  ip: 'ip_bans.ip',
  service: 'ip_bans.service',
  cause: 'ip_bans.cause',
  level: 'ip_bans.level',
  banned_at: 'ip_bans.banned_at',
  expires_at: 'ip_bans.expires_at',
} as const;

export const selectBans = (q: ReturnType<typeof scopedBans>) =>
  q.select([
    'ip_bans.id',
    'ip_bans.ip',
    'ip_bans.service',
    'ip_bans.cause',
    'ip_bans.level',
    'ip_bans.banned_at',
    'ip_bans.expires_at',
  ]);

export const toIpBan = (row: RowOf<ReturnType<typeof selectBans>>): IpBan => ({
  id: Number(row.id),
  ip: row.ip,
  service: row.service as IpBan['service'],
  cause: row.cause as IpBan['cause'],
  level: Number(row.level),
  banned_at: row.banned_at,
  expires_at: row.expires_at ?? null,
});
