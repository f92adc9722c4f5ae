import type { FastifyInstance } from 'fastify';
import { guestKeysEntity } from '../../../src/contract/entities/guest-key';
import { hasPermission } from '../../../src/contract/permissions';
import { GUEST_KEYS_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { devicesForIdentifier } from '../../domain/access/sync/affected';
import { requestAccessSync } from '../../domain/access/sync/request';
import type { Auth } from '../../domain/auth/auth-context';
import { announceGuestKeys } from '../../domain/guest-access/announce';
import { createGuestPage } from '../../domain/guest-access/guest-page';
import {
  GUEST_KEY_COLUMNS,
  GUEST_KEY_CONDITIONS,
  type GuestKeyRow,
  scopedGuestKeys,
  selectGuestKeys,
  toGuestKeys,
} from '../../domain/guest-access/keys';
import { createGuestRateLimit } from '../../domain/guest-access/rate-limit';
import { deleteIdentifiers, revokeIdentifier } from '../../domain/identifiers/identifier-writes';
import { readItem, registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/**
 * Guest access (7.5): the granter's keys (list, item, revoke, delete) and the guest page's public
 * calls by key_uid (state, doors, open), which share a per-key rate limit. A change of a key's
 * access is sent to the doors it reaches; a key used on the guest page is told to the granters'
 * consoles (GuestKeyChanged on private-guest-keys).
 */
export async function guestAccessRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  ctx.realtime.authorize(
    GUEST_KEYS_TOPIC,
    (auth, rest) => rest === '' && hasPermission(auth.role.permissions, 'identifiers.create_guest'),
  );
  const syncKey = async (projectId: number, devices: number[]) =>
    requestAccessSync(ctx, projectId, devices, ['identifiers']).catch((error: unknown) =>
      app.log.warn({ err: error }, 'guest key sync not requested'),
    );
  const reach = async (ids: number[]) => (await Promise.all(ids.map((id) => devicesForIdentifier(ctx.db, id)))).flat();

  const def = {
    entity: guestKeysEntity,
    scoped: (auth: Auth) => scopedGuestKeys(ctx.db, auth),
    select: selectGuestKeys,
    columns: GUEST_KEY_COLUMNS,
    conditions: GUEST_KEY_CONDITIONS,
    idColumn: 'i.id',
    toItems: (rows: GuestKeyRow[]) => toGuestKeys(ctx.db, rows, ctx.clock.now()),
    remove: async (auth: Auth, ids: number[]) => {
      const before = await reach(ids);
      const deleted = await deleteIdentifiers(ctx.db, ids);
      await syncKey(auth.projectId, before);
      return deleted;
    },
  };
  registerEntityCalls(app, def);

  registerCall(app, 'POST /guest-access/keys/{id}/revoke', async ({ auth, params }) => {
    await revokeIdentifier(ctx.db, params.id);
    await syncKey(auth.projectId, await reach([params.id]));
    return { data: await readItem(def, auth, params.id) };
  });

  const page = createGuestPage({
    db: ctx.db,
    link: ctx.deviceLink,
    clock: ctx.clock,
    jwtKey: ctx.jwtKey,
    limiter: createGuestRateLimit(ctx.clock),
    onUsed: (key) =>
      void announceGuestKeys(ctx, key.projectId, [key.id]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'guest key change not told'),
      ),
    // The doors hold each key's passes: a counted pass reaches them with the next identifiers sync.
    onPassCounted: async (key) => {
      await syncKey(key.projectId, await reach([key.id]));
    },
  });
  registerCall(app, 'GET /guest-access/{key_uid}', async ({ params }) => ({ data: await page.state(params.key_uid) }));
  registerCall(app, 'GET /guest-access/{key_uid}/access-rules', async ({ params }) => ({
    data: await page.doors(params.key_uid),
  }));
  registerCall(app, 'POST /guest-access/{key_uid}/open/{device_token}', async ({ params }) => ({
    data: await page.open(params.key_uid, params.device_token),
  }));
}
