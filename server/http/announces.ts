import type { FastifyInstance, FastifyRequest } from 'fastify';
import { announceResponsesResource, announcesResource } from '../../src/contract/entities/announce';
import type { Permission } from '../../src/contract/permissions';
import type { AppContext } from '../context';
import { startAnnounce, stopAnnounce } from '../domain/announce-delivery';
import {
  answerPoll,
  RESPONSE_COLUMNS,
  readByToken,
  responseRelations,
  scopedResponses,
  selectResponses,
  toResponse,
} from '../domain/announce-responses';
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
} from '../domain/announces';
import type { Auth } from '../domain/auth-context';
import { defineList, defineResource, idOf } from '../resources/define-resource';
import { authOf, requirePermission } from './auth';
import { itemNotFound } from './http-error';
import { defineRoute } from './route';

const VIEW: Permission[] = ['announces.view', 'announces.view_all'];

/** Announces (7.6): the resource routes, start and stop, the recipient's token page and poll answer, responses. */
export async function announceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const readOne = async (auth: Auth, id: number) => {
    const rows = await selectAnnounces(scopedAnnounces(ctx.db, auth).where('a.id', '=', id), auth).execute();
    const [item] = await toAnnounces(ctx.db, auth, rows);
    if (!item) throw itemNotFound();
    return item;
  };

  defineResource(app, {
    contract: announcesResource,
    permissions: {
      view: VIEW,
      create: ['announces.create'],
      edit: ['announces.edit'],
      delete: ['announces.delete'],
    },
    scoped: (auth) => scopedAnnounces(ctx.db, auth),
    select: selectAnnounces,
    columns: ANNOUNCE_COLUMNS,
    idColumn: 'a.id',
    relations: announceRelations,
    toItems: (rows, auth) => toAnnounces(ctx.db, auth, rows),
    create: (auth, body) => createAnnounce(ctx.db, auth, body),
    patch: async (auth, id, body) => updateAnnounce(ctx.db, auth, id, body, await readOne(auth, id)),
    remove: (auth, ids) => deleteAnnounces(ctx.db, auth, ids),
  });

  /** Start and stop: the announce must be visible, and the caller its author unless they see all. */
  const command = async (request: FastifyRequest, run: (id: number) => Promise<void>) => {
    const auth = authOf(request);
    const id = idOf(request);
    await readOne(auth, id);
    await assertManageable(ctx.db, auth, [id]);
    await run(id);
    return { data: await readOne(auth, id) };
  };
  defineRoute(app, 'POST /announces/{id}/start', {
    guard: requirePermission('announces.send'),
    handler: ({ request }) => command(request, (id) => startAnnounce(ctx, id)),
  });
  defineRoute(app, 'POST /announces/{id}/stop', {
    guard: requirePermission('announces.send'),
    handler: ({ request }) => command(request, (id) => stopAnnounce(ctx, id)),
  });

  // The token is the recipient's own: any logged-in user may present theirs (the token is checked against them).
  defineRoute(app, 'GET /announces/items/token/{token}', {
    guard: requirePermission(),
    handler: async ({ request }) => ({
      data: await readByToken(ctx.db, authOf(request), (request.params as { token: string }).token),
    }),
  });
  defineRoute(app, 'POST /announces/response', {
    guard: requirePermission(),
    handler: async ({ request, body }) => ({ data: await answerPoll(ctx.db, authOf(request), body) }),
  });

  defineList(app, {
    contract: announceResponsesResource,
    permissions: { view: VIEW },
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
