import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rolesResource } from '../../src/contract/entities/role';
import { DeleteAllSchema } from '../../src/contract/filters';
import { APP_CHANGES_TOPIC } from '../../src/contract/realtime';
import type { AppContext } from '../context';
import {
  createRole,
  deleteRoles,
  ROLE_COLUMNS,
  scopedRoles,
  selectRoles,
  toRoles,
  updateRole,
} from '../domain/role-admin';
import { defineResource, idOf, parseBody, visibleIds } from '../resources/define-resource';
import { parseListQuery } from '../resources/list-sql';
import { authOf, requirePermission } from './auth';
import { itemNotFound } from './http-error';

const DELETE_PERMISSIONS = ['roles.delete', 'roles.delete_available', 'roles.delete_all'] as const;
const gentlyOf = (request: FastifyRequest) => {
  const raw = (request.query as Record<string, string | undefined>).gently;
  return raw !== undefined && raw !== '0' && raw !== 'false';
};

/** Roles (6.1, 7.3): generic list/item/create/edit, and deletes that report roles still in use. */
export async function roleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const definition = {
    contract: rolesResource,
    permissions: {
      view: ['roles.view', 'roles.view_users', 'roles.view_all'],
      create: ['roles.create'],
      edit: ['roles.edit', 'roles.edit_available', 'roles.edit_all'],
    },
    scoped: (auth) => scopedRoles(ctx.db, auth),
    select: selectRoles,
    columns: ROLE_COLUMNS,
    idColumn: 'r.id',
    toItems: (rows) => toRoles(ctx.db, rows),
    create: (auth, body) => createRole(ctx.db, auth, body),
    patch: async (auth, id, body) => {
      const answer = await updateRole(ctx.db, auth, id, body);
      // Consoles of users holding the role reload their profile and menu (7.10).
      ctx.realtime.publish(APP_CHANGES_TOPIC, { type: 'RoleChangedEvent', roleId: id });
      return answer;
    },
  } satisfies Parameters<typeof defineResource<typeof rolesResource>>[1];
  defineResource(app, definition);

  const guard = { config: { auth: true }, preHandler: requirePermission(...DELETE_PERMISSIONS) };
  app.delete('/roles/:id', guard, async (request) => {
    const auth = authOf(request);
    const ids = await visibleIds(definition, auth, { ids: [idOf(request)] });
    if (ids.length === 0) throw itemNotFound();
    return { data: await deleteRoles(ctx.db, auth, ids, gentlyOf(request)) };
  });
  app.post('/roles/delete-all', guard, async (request) => {
    const auth = authOf(request);
    const body = parseBody(DeleteAllSchema, request.body);
    const selection =
      'items' in body
        ? { ids: body.items }
        : parseListQuery(rolesResource, { filters: JSON.stringify(body.filters), match: body.match });
    const ids = await visibleIds(definition, auth, selection);
    return { data: await deleteRoles(ctx.db, auth, ids, gentlyOf(request)) };
  });
}
