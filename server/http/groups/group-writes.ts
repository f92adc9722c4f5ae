import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
import { invalidData } from '../../domain/errors';
import { loadGroupAccess } from '../../domain/groups/access';
import { createGroup, deleteGroup, deleteGroups, requireVisibleGroup, updateGroup } from '../../domain/groups/groups';
import { selectGroups, toGroupItem } from '../../domain/groups/read';
import { registerCall } from '../plumbing/register-call';

/**
 * The item calls of groups (GET, PUT, PATCH, DELETE, delete-all): groups are
 * written through the nested set and the hierarchy rules of section 5, so
 * these handlers are the domain's own; the declarations are the entity's.
 */
export async function groupWriteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const item = async (auth: Auth, id: number) => {
    const row = await selectGroups(ctx.db, auth.projectId).where('d.id', '=', id).executeTakeFirstOrThrow();
    return { data: await toGroupItem(ctx.db, row, auth) };
  };

  registerCall(app, 'GET /domains/{id}', async ({ auth, params }) => {
    const group = await requireVisibleGroup(ctx.db, await loadGroupAccess(ctx.db, auth), params.id);
    return item(auth, group.id);
  });

  registerCall(app, 'PUT /domains', async ({ auth, body }) => ({
    data: await createGroup(ctx.db, await loadGroupAccess(ctx.db, auth), body),
  }));

  registerCall(app, 'PATCH /domains/{id}', async ({ auth, params, body }) => {
    await updateGroup(ctx.db, await loadGroupAccess(ctx.db, auth), params.id, body);
    return item(auth, params.id);
  });

  registerCall(app, 'DELETE /domains/{id}', async ({ auth, params }) => {
    await deleteGroup(ctx.db, await loadGroupAccess(ctx.db, auth), params.id);
    return { data: true as const };
  });

  registerCall(app, 'POST /domains/delete-all', async ({ auth, body }) => {
    if (!('items' in body)) throw invalidData({ items: { code: 'required' } });
    return { data: { deleted: await deleteGroups(ctx.db, await loadGroupAccess(ctx.db, auth), body.items) } };
  });
}
