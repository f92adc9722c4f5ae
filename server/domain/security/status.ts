import * as v from 'valibot';
import {
  IP_BLOCK_SERVICES,
  type IpBlockingStatus,
  type IpBlockService,
  RECENT_UNBANS,
} from '../../../src/contract/entities/ip-blocking';
import { readJson } from '../../db/json';
import { inForce } from './bans';
import type { IpBlocking } from './ip-blocking';
import { AUDIT_ACTIONS } from './unban';

const UnbanDetailsSchema = v.object({
  ip: v.optional(v.nullable(v.string()), null),
  service: v.optional(v.nullable(v.picklist(IP_BLOCK_SERVICES)), null),
  unbanned: v.optional(v.number(), 0),
});

/**
 * The IP blocking status (7.8): bans in force per service, the whitelist's
 * size, and the latest unbans with who lifted them and when (from the audit
 * trail). Installation-wide, like the bans.
 */
export async function ipBlockingStatus(blocking: IpBlocking): Promise<IpBlockingStatus> {
  const { db } = blocking;
  const now = blocking.clock.now().toISOString();
  const perService = await db
    .selectFrom('ip_bans')
    .select(['service', (eb) => eb.fn.countAll<number>().as('n')])
    .where(inForce(now))
    .groupBy('service')
    .execute();
  const count = (service: IpBlockService) => Number(perService.find((row) => row.service === service)?.n ?? 0);
  const whitelist = await db
    .selectFrom('ip_whitelist')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const unbans = await db
    .selectFrom('audit_events as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.action', 'a.details', 'a.created_at', 'u.id as user_id', 'u.name as user_name'])
    .where('a.entity', '=', 'ip_bans')
    .where('a.action', 'in', [AUDIT_ACTIONS.unban, AUDIT_ACTIONS.unbanAll])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(RECENT_UNBANS)
    .execute();
  return {
    bans: {
      total: perService.reduce((sum, row) => sum + Number(row.n), 0),
      http: count('http'),
      sip: count('sip'),
    },
    whitelist: Number(whitelist?.n ?? 0),
    recent_unbans: unbans.map((row) => {
      const details = readJson(row.details, UnbanDetailsSchema, { ip: null, service: null, unbanned: 0 });
      return {
        action: row.action === AUDIT_ACTIONS.unban ? ('unban' as const) : ('unban_all' as const),
        ip: details.ip,
        service: details.service,
        unbanned: details.unbanned,
        user: row.user_id ? { id: Number(row.user_id), name: String(row.user_name) } : null,
        at: row.created_at,
      };
    }),
  };
}
