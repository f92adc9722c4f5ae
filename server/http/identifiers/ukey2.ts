import type { FastifyInstance } from 'fastify';
import { ukey2Entity } from '../../../src/contract/entities/ukey2';
import type { AppContext } from '../../context';
import { devicesForIdentifier } from '../../domain/access/sync/affected';
import { requestAccessSync } from '../../domain/access/sync/request';
import type { Auth } from '../../domain/auth/auth-context';
import { revokeIdentifier } from '../../domain/identifiers/identifier-writes';
import {
  issueUkey2,
  scopedUkey2,
  selectUkey2,
  toUkey2s,
  UKEY2_COLUMNS,
  UKEY2_CONDITIONS,
  UKEY2_RELATIONS,
} from '../../domain/identifiers/ukey2';
import { readItem, registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/**
 * UKEY2 (7.5 fetch only; 6.2 view, issue, revoke): the list and the item, issue and revoke. The
 * doors holding the key hear of it like of any identifier (sync of their identifiers list).
 */
export async function ukey2Routes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const def = {
    entity: ukey2Entity,
    scoped: (auth: Auth) => scopedUkey2(ctx.db, auth),
    select: selectUkey2,
    columns: UKEY2_COLUMNS,
    relations: UKEY2_RELATIONS,
    conditions: UKEY2_CONDITIONS,
    idColumn: 'i.id',
    toItems: async (rows: Parameters<typeof toUkey2s>[0]) => toUkey2s(rows),
  };
  registerEntityCalls(app, def);
  const sync = async (auth: Auth, id: number) =>
    requestAccessSync(ctx, auth.projectId, await devicesForIdentifier(ctx.db, id), ['identifiers']).catch(
      (error: unknown) => app.log.warn({ err: error }, 'ukey2 sync not requested'),
    );

  registerCall(app, 'POST /ukey2/issue', async ({ auth, body }) => {
    const id = await issueUkey2(ctx.db, auth, body);
    await sync(auth, id);
    return { data: await readItem(def, auth, id) };
  });
  registerCall(app, 'POST /ukey2/{id}/revoke', async ({ auth, params }) => {
    // Before the revoke: the doors that hold it must hear it is revoked.
    const devices = await devicesForIdentifier(ctx.db, params.id);
    await revokeIdentifier(ctx.db, params.id);
    await requestAccessSync(ctx, auth.projectId, devices, ['identifiers']).catch((error: unknown) =>
      app.log.warn({ err: error }, 'ukey2 sync not requested'),
    );
    return { data: await readItem(def, auth, params.id) };
  });
}
