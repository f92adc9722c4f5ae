import type { FastifyInstance } from 'fastify';
import { markersEntity } from '../../../src/contract/entities/marker';
import type { AppContext } from '../../context';
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
} from '../../domain/markers/markers';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** Markers (6.2): the entity's calls plus apply-to-users. */
export async function markerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEntityCalls(app, {
    entity: markersEntity,
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

  registerCall(app, 'POST /markers/apply', async ({ auth, body }) => ({
    data: { changed: await applyMarkers(ctx.db, auth, body) },
  }));
}
