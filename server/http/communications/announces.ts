import type { FastifyInstance } from 'fastify';
import { announceResponsesEntity, announcesEntity } from '../../../src/contract/entities/announce';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
import { startAnnounce, stopAnnounce } from '../../domain/communications/announce-delivery';
import {
  answerPoll,
  RESPONSE_COLUMNS,
  readByToken,
  responseRelations,
  scopedResponses,
  selectResponses,
  toResponse,
} from '../../domain/communications/announce-responses';
import {
  ANNOUNCE_COLUMNS,
  announceRelations,
  assertManageable,
  createAnnounce,
  deleteAnnounces,
  scopedAnnounces,
  selectAnnounces,
  toAnnounces,
  updateAnnounce,
} from '../../domain/communications/announces';
import { readItem, registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** Announces (7.6): the entity's calls, start and stop, the recipient's token page and poll answer, responses. */
export async function announceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const definition = {
    entity: announcesEntity,
    scoped: (auth: Auth) => scopedAnnounces(ctx.db, auth),
    select: selectAnnounces,
    columns: ANNOUNCE_COLUMNS,
    idColumn: 'a.id',
    relations: announceRelations,
    toItems: (rows: Parameters<typeof toAnnounces>[2], auth: Auth) => toAnnounces(ctx.db, auth, rows),
  };
  const readOne = (auth: Auth, id: number) => readItem(definition, auth, id);
  registerEntityCalls(app, {
    ...definition,
    create: (auth, body) => createAnnounce(ctx.db, auth, body),
    patch: async (auth, id, body) => updateAnnounce(ctx.db, auth, id, body, await readOne(auth, id)),
    remove: (auth, ids) => deleteAnnounces(ctx.db, auth, ids),
  });

  /** Start and stop: the caller must be the announce's author unless they see all. */
  const command = async (auth: Auth, id: number, run: (id: number) => Promise<void>) => {
    await assertManageable(ctx.db, auth, [id]);
    await run(id);
    return { data: await readOne(auth, id) };
  };
  registerCall(app, 'POST /announces/{id}/start', ({ auth, params }) =>
    command(auth, params.id, (id) => startAnnounce(ctx, id)),
  );
  registerCall(app, 'POST /announces/{id}/stop', ({ auth, params }) =>
    command(auth, params.id, (id) => stopAnnounce(ctx, id)),
  );

  registerCall(app, 'GET /announces/items/token/{token}', async ({ auth, params }) => ({
    data: await readByToken(ctx.db, auth, params.token),
  }));
  registerCall(app, 'POST /announces/response', async ({ auth, body }) => ({
    data: await answerPoll(ctx.db, auth, body),
  }));

  registerEntityCalls(app, {
    entity: announceResponsesEntity,
    scoped: (auth) => scopedResponses(ctx.db, auth),
    select: selectResponses,
    columns: RESPONSE_COLUMNS,
    idColumn: 'r.id',
    relations: responseRelations,
    toItems: async (rows) => rows.map(toResponse),
    exportColumns: {
      announce: (r) => r.announce.name,
      user: (r) => r.user.name,
      email: (r) => r.user.email,
      answers: (r) => r.answer_texts,
      custom_answer: (r) => r.custom_answer,
      answered_at: (r) => r.answered_at,
    },
  });
}
