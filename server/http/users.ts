import type { FastifyInstance } from 'fastify';
import { UserPasswordSchema, usersResource } from '../../src/contract/entities/user';
import type { AppContext } from '../context';
import { sendRegistrationLink } from '../domain/invitations';
import { publishProfileChanged } from '../domain/profile-changes';
import {
  createUser,
  deleteUsers,
  scopedUsers,
  selectUsers,
  setUserPassword,
  toUsers,
  USER_COLUMNS,
  USER_CONDITIONS,
  USER_RELATIONS,
  updateUser,
} from '../domain/users';
import { defineResource, idOf, parseBody, visibleIds } from '../resources/define-resource';
import { authOf, requirePermission } from './auth';
import { itemNotFound } from './http-error';

/** Users (section 3, 7.3): the generic resource routes plus an administrator's password change. */
export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const definition = {
    contract: usersResource,
    permissions: {
      view: ['users.view', 'users.view_all'],
      create: ['users.create'],
      edit: ['users.edit_all', 'users.edit_profile'],
      delete: ['users.delete'],
    },
    scoped: (auth) => scopedUsers(ctx.db, auth),
    select: selectUsers,
    columns: USER_COLUMNS,
    relations: USER_RELATIONS,
    conditions: USER_CONDITIONS,
    idColumn: 'u.id',
    toItems: (rows, auth) => toUsers(ctx.db, auth, rows),
    create: async (auth, body) => {
      const id = await createUser(ctx.db, auth, body);
      // New users default to a registration link (2.5); one without an e-mail is invited later.
      if (body.send_registration_link && !body.password && body.email) {
        await sendRegistrationLink(ctx, { userId: id, projectId: auth.projectId });
      }
      return id;
    },
    patch: async (auth, id, body) => {
      const result = await updateUser(ctx.db, auth, id, body);
      // A new role or other groups change what the user's console shows and may do.
      if (body.role_id !== undefined || body.domains !== undefined) publishProfileChanged(ctx.realtime, [id]);
      return result;
    },
    remove: (auth, ids) => deleteUsers(ctx.db, auth, ids),
    exportColumns: {
      login: (u) => u.login,
      name: (u) => u.name,
      email: (u) => u.email,
      phone: (u) => u.phone,
      role: (u) => u.role.name,
      domains: (u) => u.domains.map((d) => d.name),
      markers: (u) => u.markers.map((m) => m.name),
      activated_at: (u) => u.activated_at,
    },
  } satisfies Parameters<typeof defineResource<typeof usersResource>>[1];
  defineResource(app, definition);

  app.post(
    '/users/:id/password',
    { config: { auth: true }, preHandler: requirePermission('users.edit_all') },
    async (request) => {
      const auth = authOf(request);
      const id = idOf(request);
      const body = parseBody(UserPasswordSchema, request.body);
      if ((await visibleIds(definition, auth, { ids: [id] })).length === 0) throw itemNotFound();
      await setUserPassword(ctx.db, id, body.new_password);
      return { data: true };
    },
  );
}
