import type { FastifyInstance, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import * as v from 'valibot';
import { GroupSchema, groupsResource } from '../../src/contract/entities/group';
import { CreatedSchema, DeleteAllSchema, DeletedSchema } from '../../src/contract/filters';
import { envelope, OkSchema } from '../../src/contract/http';
import { issuesToFieldErrors } from '../../src/contract/validation';
import type { AppContext } from '../context';
import { loadGroupAccess, VIEW_PERMISSIONS } from '../domain/group-access';
import { selectGroups, toGroupItem } from '../domain/group-read';
import { createGroup, deleteGroup, deleteGroups, requireVisibleGroup, updateGroup } from '../domain/groups';
import { authOf, requirePermission } from './auth';
import { idParam } from './groups';
import { invalidData } from './http-error';

/**
 * The item routes of groupsResource (GET, PUT, PATCH, DELETE, delete-all).
 * Groups need their own writers (nested set, hierarchy rules), so these
 * handlers are specific; the list lives with the generic resource machinery.
 */
function route<B extends v.GenericSchema | undefined, R extends v.GenericSchema>(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  guard: preHandlerAsyncHookHandler,
  schemas: { body?: B; response: R },
  handler: (
    request: FastifyRequest,
    body: B extends v.GenericSchema ? v.InferOutput<B> : undefined,
  ) => Promise<v.InferInput<R>>,
) {
  app.route({
    method,
    url,
    config: { auth: true },
    preHandler: [guard],
    handler: async (request) => {
      let body: unknown;
      if (schemas.body) {
        if (Array.isArray(request.body)) throw invalidData({ _: { code: 'invalid' } });
        const parsed = v.safeParse(schemas.body, request.body);
        if (!parsed.success) throw invalidData(issuesToFieldErrors(parsed.issues));
        body = parsed.output;
      }
      const answer = await handler(request, body as never);
      return v.parse(schemas.response, answer);
    },
  });
}

export async function groupCrudRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const base = groupsResource.path;
  const view = requirePermission(...VIEW_PERMISSIONS);
  const write = requirePermission(
    'domains.create_root',
    'domains.create_descendants',
    'domains.edit_all',
    'domains.edit_descendants',
    'self_domain.manage_general',
    'self_domain.manage_users',
    'self_domain.manage_white_label',
    'self_domain.manage_guest_access',
    'self_domain.manage_notifications',
  );
  const remove = requirePermission('domains.delete_all', 'domains.delete_descendants', 'domains.delete_own');

  route(app, 'GET', `${base}/:id`, view, { response: envelope(GroupSchema) }, async (request) => {
    const access = await loadGroupAccess(ctx.db, authOf(request));
    const group = await requireVisibleGroup(ctx.db, access, idParam(request));
    const row = await selectGroups(ctx.db, access.auth.projectId)
      .where('d.id', '=', group.id)
      .executeTakeFirstOrThrow();
    return { data: await toGroupItem(ctx.db, row) };
  });

  route(app, 'PUT', base, write, { body: groupsResource.create, response: CreatedSchema }, async (request, body) => {
    const access = await loadGroupAccess(ctx.db, authOf(request));
    return { data: await createGroup(ctx.db, access, body) };
  });

  route(
    app,
    'PATCH',
    `${base}/:id`,
    write,
    { body: groupsResource.patch, response: envelope(GroupSchema) },
    async (request, body) => {
      const access = await loadGroupAccess(ctx.db, authOf(request));
      const id = idParam(request);
      await updateGroup(ctx.db, access, id, body);
      const row = await selectGroups(ctx.db, access.auth.projectId).where('d.id', '=', id).executeTakeFirstOrThrow();
      return { data: await toGroupItem(ctx.db, row) };
    },
  );

  route(app, 'DELETE', `${base}/:id`, remove, { response: OkSchema }, async (request) => {
    await deleteGroup(ctx.db, await loadGroupAccess(ctx.db, authOf(request)), idParam(request));
    return { data: true as const };
  });

  route(
    app,
    'POST',
    `${base}/delete-all`,
    remove,
    { body: DeleteAllSchema, response: DeletedSchema },
    async (request, body) => {
      const access = await loadGroupAccess(ctx.db, authOf(request));
      if (!('items' in body)) throw invalidData({ items: { code: 'required' } });
      return { data: { deleted: await deleteGroups(ctx.db, access, body.items) } };
    },
  );
}
