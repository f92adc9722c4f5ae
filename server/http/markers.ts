import type { FastifyInstance } from 'fastify';
import { MarkerApplySchema, markersResource } from '../../src/contract/entities/marker';
import type { AppContext } from '../context';
import {
  applyMarkers,
  createMarker,
  deleteMarkers,
  MARKER_COLUMNS,
  markerUsersCondition,
  scopedMarkers,
  selectMarkers,
  toMarker,
  updateMarker,
} from '../domain/markers';
import { defineResource, parseBody } from '../resources/define-resource';
import { authOf, requirePermission } from './auth';

/** Markers (6.2): the generic resource routes plus apply-to-users. */
export async function markerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  defineResource(app, {
    contract: markersResource,
    permissions: {
      view: ['markers.view', 'markers.view_all'],
      create: ['markers.create'],
      edit: ['markers.edit'],
      delete: ['markers.delete'],
    },
    scoped: (auth) => scopedMarkers(ctx.db, auth),
    select: selectMarkers,
    columns: MARKER_COLUMNS,
    idColumn: 'm.id',
    relations: { users: markerUsersCondition },
    toItems: async (rows) => rows.map(toMarker),
    create: (auth, body) => createMarker(ctx.db, auth, body),
    patch: (auth, id, body) => updateMarker(ctx.db, auth, id, body),
    remove: (_, ids) => deleteMarkers(ctx.db, ids),
  });

  app.post(
    '/markers/apply',
    { config: { auth: true }, preHandler: requirePermission('markers.apply') },
    async (request) => ({
      data: { changed: await applyMarkers(ctx.db, authOf(request), parseBody(MarkerApplySchema, request.body)) },
    }),
  );
}
