import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { loadGroupAccess } from '../../domain/groups/access';
import { previewGeneratedGroups, saveGeneratedGroups } from '../../domain/groups/generate';
import { floorsAndApartments, listBranch, listCompletely } from '../../domain/groups/queries';
import { registerCall } from '../plumbing/register-call';

/**
 * Group calls of 7.3 beyond the entity's: the whole tree, the branch, floors
 * and apartments, and generate-groups. Scoped by 6.2.
 */
export async function groupTreeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /domains/items/completely', async ({ auth, query }) => ({
    data: await listCompletely(ctx.db, auth, query),
  }));
  registerCall(app, 'GET /domains/branch', async ({ auth, query }) => ({
    data: await listBranch(ctx.db, await loadGroupAccess(ctx.db, auth), query),
  }));
  registerCall(app, 'GET /domains/{id}/floors-and-apartments', async ({ auth, params }) => ({
    data: await floorsAndApartments(ctx.db, await loadGroupAccess(ctx.db, auth), params.id),
  }));
  registerCall(app, 'POST /domains/generate/tree', async ({ auth, body }) => ({
    data: await previewGeneratedGroups(ctx.db, await loadGroupAccess(ctx.db, auth), body),
  }));
  registerCall(app, 'POST /domains/generate/save', async ({ auth, body }) => ({
    data: await saveGeneratedGroups(ctx.db, await loadGroupAccess(ctx.db, auth), body),
  }));
}
