import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Identifier, identifiersEntity } from '../../../src/contract/entities/identifier';
import type { AppContext } from '../../context';
import { orderOf, parseListQuery } from '../../db/list-sql';
import { devicesForIdentifier, devicesOfProjectRules } from '../../domain/access/sync/affected';
import { requestAccessSync } from '../../domain/access/sync/request';
import type { Auth } from '../../domain/auth/auth-context';
import { itemNotFound } from '../../domain/errors';
import { editGuestKey, grantGuestKey } from '../../domain/guest-access/keys';
import {
  attemptImport,
  continueImport,
  identifierFileRow,
  ownerLogins,
  writeIdentifierFile,
} from '../../domain/identifiers/identifier-files';
import { identifierQr, photoDir, saveFacePhoto } from '../../domain/identifiers/identifier-media';
import {
  createIdentifier,
  deleteIdentifiers,
  revokeIdentifier,
  updateIdentifier,
} from '../../domain/identifiers/identifier-writes';
import {
  IDENTIFIER_COLUMNS,
  IDENTIFIER_CONDITIONS,
  IDENTIFIER_RELATIONS,
  scopedIdentifiers,
  selectIdentifiers,
  toIdentifiers,
} from '../../domain/identifiers/identifiers';
import { identifierPass } from '../../domain/identifiers/wallet-pass';
import { readItem, registerEntityCalls, visibleIds } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/**
 * Identifiers (7.5): the entity, revoke, photo, QR, the Apple Wallet pass, export (xlsx or csv),
 * the import flow and the guest PUT/PATCH (guest keys: domain/guest-access).
 */
export async function identifierRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Doors hold the identifiers their rules reach: a change is sent to exactly those doors (before
  // a change that can take it away, and after one that can give it), deduplicated by the sync.
  const reach = async (ids: number[]) => (await Promise.all(ids.map((id) => devicesForIdentifier(ctx.db, id)))).flat();
  const syncIdentifiers = (auth: Auth, devices: number[]) =>
    requestAccessSync(ctx, auth.projectId, devices, ['identifiers']).catch((error: unknown) =>
      app.log.warn({ err: error }, 'identifier sync not requested'),
    );
  const def = {
    entity: identifiersEntity,
    scoped: (auth: Auth) => scopedIdentifiers(ctx.db, auth),
    select: selectIdentifiers,
    columns: IDENTIFIER_COLUMNS,
    relations: IDENTIFIER_RELATIONS,
    conditions: IDENTIFIER_CONDITIONS,
    idColumn: 'i.id',
    toItems: (rows: Parameters<typeof toIdentifiers>[2], auth: Auth) => toIdentifiers(ctx.db, auth, rows),
    create: async (auth: Auth, body: Parameters<typeof createIdentifier>[2]) => {
      const id = await createIdentifier(ctx.db, auth, body);
      await syncIdentifiers(auth, await reach([id]));
      return id;
    },
    patch: async (auth: Auth, id: number, body: Parameters<typeof updateIdentifier>[3]) => {
      const before = await reach([id]);
      await updateIdentifier(ctx.db, auth, id, body);
      await syncIdentifiers(auth, [...before, ...(await reach([id]))]);
    },
    remove: async (auth: Auth, ids: number[]) => {
      const before = await reach(ids);
      const deleted = await deleteIdentifiers(ctx.db, ids);
      await syncIdentifiers(auth, before);
      return deleted;
    },
  };
  registerEntityCalls(app, def);
  const answer = async (auth: Auth, id: number) => ({ data: await readItem(def, auth, id) });

  registerCall(app, 'POST /identifiers/{id}/revoke', async ({ auth, params }) => {
    await revokeIdentifier(ctx.db, params.id);
    await syncIdentifiers(auth, await reach([params.id]));
    return answer(auth, params.id);
  });
  registerCall(app, 'POST /identifiers/{id}/photo', async ({ auth, params, body }) => {
    const image = body.files.image;
    if (!image) throw itemNotFound();
    await saveFacePhoto(ctx.db, ctx.config.dataDir, params.id, image.data);
    return answer(auth, params.id);
  });
  registerCall(app, 'GET /identifiers/{id}/qr', async ({ params }) => ({
    file: {
      contentType: 'image/png',
      data: await identifierQr(ctx.db, params.id),
      filename: `identifier-${params.id}.png`,
    },
  }));
  registerCall(app, 'GET /uploads/identifiers/{file}', async ({ params }) => {
    const data = await readFile(join(photoDir(ctx.config.dataDir), params.file)).catch(() => null);
    if (!data) throw itemNotFound();
    return { file: { contentType: 'image/png', data, cacheControl: 'public, max-age=31536000, immutable' } };
  });

  registerCall(app, 'GET /identifiers/export', async ({ auth, query }) => {
    const { format, ...search } = query;
    const list = parseListQuery(identifiersEntity, search);
    const ids = await visibleIds(def, auth, list);
    const items: Identifier[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      let q = selectIdentifiers(scopedIdentifiers(ctx.db, auth).where(sql.ref('i.id'), 'in', ids.slice(i, i + 500)));
      for (const term of orderOf(identifiersEntity, def, list.sort)) q = q.orderBy(term);
      items.push(...(await toIdentifiers(ctx.db, auth, await q.execute())));
    }
    const logins = await ownerLogins(ctx.db, items);
    return {
      file: await writeIdentifierFile(
        format,
        items.map((item) => identifierFileRow(item, logins)),
      ),
    };
  });

  registerCall(app, 'POST /identifiers/import', async ({ auth, body }) => {
    const file = body.files.file;
    if (!file) throw itemNotFound();
    const data = await attemptImport(ctx.db, auth, ctx.config.dataDir, file.data);
    await syncIdentifiers(auth, await devicesOfProjectRules(ctx.db, auth.projectId));
    return { data };
  });
  registerCall(app, 'POST /identifiers/import/continue', async ({ auth, body }) => {
    const data = await continueImport(ctx.db, auth, ctx.config.dataDir, body);
    await syncIdentifiers(auth, await devicesOfProjectRules(ctx.db, auth.projectId));
    return { data };
  });

  // Guest keys (guest access, docs/decisions.md): the available rules only, the granter's limits, a key_uid.
  registerCall(app, 'PUT /identifiers/guest', async ({ auth, body }) => {
    const id = await grantGuestKey(ctx.db, auth, body);
    await syncIdentifiers(auth, await reach([id]));
    return { data: id };
  });
  registerCall(app, 'PATCH /identifiers/guest/{id}', async ({ auth, params, body }) => {
    const before = await reach([params.id]);
    await editGuestKey(ctx.db, auth, params.id, body);
    await syncIdentifiers(auth, [...before, ...(await reach([params.id]))]);
    return answer(auth, params.id);
  });
  registerCall(app, 'GET /identifiers/{id}/pkpass', async ({ params }) => ({
    file: {
      contentType: 'application/vnd.apple.pkpass',
      data: await identifierPass(ctx.db, params.id),
      filename: `identifier-${params.id}.pkpass`,
    },
  }));
}
