import type { FastifyInstance } from 'fastify';
import { rolesEntity } from '../../../src/contract/entities/role';
import { APP_CHANGES_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import {
  createRole,
  deleteRoles,
  ROLE_COLUMNS,
  scopedRoles,
  selectRoles,
  toRoles,
  updateRole,
} from '../../domain/roles/roles';
import { deleteSelection, registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

const isGently = (gently: string | undefined) => gently === '1' || gently === 'true';

/** Roles (6.1, 7.3): the entity's calls; deletes report the roles still in use. */
export async function roleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const definition = {
    entity: rolesEntity,
    scoped: (auth: Parameters<typeof scopedRoles>[1]) => scopedRoles(ctx.db, auth),
    select: selectRoles,
    columns: ROLE_COLUMNS,
    idColumn: 'r.id',
    toItems: (rows: Parameters<typeof toRoles>[1]) => toRoles(ctx.db, rows),
    create: (auth: Parameters<typeof createRole>[1], body: Parameters<typeof createRole>[2]) =>
      createRole(ctx.db, auth, body),
    patch: async (auth: Parameters<typeof updateRole>[1], id: number, body: Parameters<typeof updateRole>[3]) => {
      await updateRole(ctx.db, auth, id, body);
      // Consoles of users holding the role reload their profile and menu (7.10).
      ctx.realtime.publish(APP_CHANGES_TOPIC, { type: 'RoleChangedEvent', roleId: id }, { projectId: auth.projectId });
    },
    custom: ['delete'] as const,
  };
  registerEntityCalls(app, definition);

  registerCall(app, 'DELETE /roles/{id}', async ({ auth, params, query }) => ({
    data: await deleteRoles(ctx.db, auth, [params.id], isGently(query.gently)),
  }));
  registerCall(app, 'POST /roles/delete-all', async ({ auth, query, body }) => ({
    data: await deleteRoles(ctx.db, auth, await deleteSelection(definition, auth, body), isGently(query.gently)),
  }));
}
