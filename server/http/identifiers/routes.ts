import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Identifier, identifiersEntity } from '../../../src/contract/entities/identifier';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import { orderOf, parseListQuery } from '../../db/list-sql';
import type { Auth } from '../../domain/auth/auth-context';
import { itemNotFound } from '../../domain/errors';
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
import { readItem, registerEntityCalls, visibleIds } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/**
 * Identifiers (7.5): the entity, revoke, photo, QR, export (xlsx or csv), the import flow and
 * the guest PUT/PATCH. Guest keys' limits and public page come with guest access.
 */
export async function identifierRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const def = {
    entity: identifiersEntity,
    scoped: (auth: Auth) => scopedIdentifiers(ctx.db, auth),
    select: selectIdentifiers,
    columns: IDENTIFIER_COLUMNS,
    relations: IDENTIFIER_RELATIONS,
    conditions: IDENTIFIER_CONDITIONS,
    idColumn: 'i.id',
    toItems: (rows: Parameters<typeof toIdentifiers>[2], auth: Auth) => toIdentifiers(ctx.db, auth, rows),
    create: (auth: Auth, body: Parameters<typeof createIdentifier>[2]) => createIdentifier(ctx.db, auth, body),
    patch: (auth: Auth, id: number, body: Parameters<typeof updateIdentifier>[3]) =>
      updateIdentifier(ctx.db, auth, id, body),
    remove: (_: Auth, ids: number[]) => deleteIdentifiers(ctx.db, ids),
  };
  registerEntityCalls(app, def);
  const answer = async (auth: Auth, id: number) => ({ data: await readItem(def, auth, id) });

  registerCall(app, 'POST /identifiers/{id}/revoke', async ({ auth, params }) => {
    await revokeIdentifier(ctx.db, params.id);
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
    return { data: await attemptImport(ctx.db, auth, ctx.config.dataDir, file.data) };
  });
  registerCall(app, 'POST /identifiers/import/continue', async ({ auth, body }) => ({
    data: await continueImport(ctx.db, auth, ctx.config.dataDir, body),
  }));

  registerCall(app, 'PUT /identifiers/guest', async ({ auth, body }) => ({
    data: await createIdentifier(
      ctx.db,
      auth,
      { ...body, owner_type: 'guest', guest_type: body.guest_type ?? 'guest' },
      ERROR_CODES.guestIdentifierExists,
    ),
  }));
  registerCall(app, 'PATCH /identifiers/guest/{id}', async ({ auth, params, body }) => {
    await updateIdentifier(ctx.db, auth, params.id, body, { guest: true, message: ERROR_CODES.guestIdentifierExists });
    return answer(auth, params.id);
  });
}
