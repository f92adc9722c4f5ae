import type { FastifyInstance } from 'fastify';
import { ipBansEntity, ipWhitelistEntity } from '../../../src/contract/entities/ip-blocking';
import { hasPermission } from '../../../src/contract/permissions';
import { IP_BLOCKING_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { BAN_COLUMNS, scopedBans, selectBans, toIpBan } from '../../domain/security/banned-list';
import { ipBlockingStatus } from '../../domain/security/status';
import { unban, unbanAll } from '../../domain/security/unban';
import {
  addToWhitelist,
  removeFromWhitelist,
  scopedWhitelist,
  selectWhitelist,
  toWhitelistEntry,
  WHITELIST_COLUMNS,
} from '../../domain/security/whitelist';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/**
 * IP blocking (7.8): status, the banned list, unbans, the whitelist, and the
 * topic that tells settings viewers the banned list changed.
 */
export async function securityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const blocking = ctx.ipBlocking;
  ctx.realtime.authorize(
    IP_BLOCKING_TOPIC,
    (auth, rest) => rest === '' && hasPermission(auth.role.permissions, 'project.view_settings'),
  );

  registerCall(app, 'GET /ip-blocking/status', async () => ({ data: await ipBlockingStatus(blocking) }));

  registerEntityCalls(app, {
    entity: ipBansEntity,
    scoped: () => scopedBans(blocking),
    select: selectBans,
    columns: BAN_COLUMNS,
    idColumn: 'ip_bans.id',
    toItems: async (rows) => rows.map(toIpBan),
  });

  registerCall(app, 'POST /ip-blocking/unban', async ({ auth, body }) => {
    await unban(blocking, auth, body);
    return { data: true as const };
  });
  registerCall(app, 'POST /ip-blocking/unban-all', async ({ auth, body }) => ({
    data: { unbanned: await unbanAll(blocking, auth, body.service) },
  }));

  registerEntityCalls(app, {
    entity: ipWhitelistEntity,
    scoped: () => scopedWhitelist(ctx.db),
    select: selectWhitelist,
    columns: WHITELIST_COLUMNS,
    idColumn: 'w.id',
    toItems: async (rows) => rows.map(toWhitelistEntry),
    create: (auth, body) => addToWhitelist(blocking, auth, body),
    remove: (auth, ids) => removeFromWhitelist(blocking, auth, ids),
  });
}
