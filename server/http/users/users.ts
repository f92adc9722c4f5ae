import type { FastifyInstance } from 'fastify';
import { usersEntity } from '../../../src/contract/entities/user';
import type { AppContext } from '../../context';
import { sendsRegistrationLink } from '../../domain/project/settings';
import { sendRegistrationLink } from '../../domain/users/invitations';
import { publishProfileChanged } from '../../domain/users/profile-changes';
import {
  createUser,
  deleteUsers,
  permittedUsers,
  scopedUsers,
  selectUserList,
  selectUsers,
  setUserPassword,
  toUserListItems,
  toUsers,
  USER_COLUMNS,
  USER_CONDITIONS,
  USER_LIST_TABLES,
  USER_RELATIONS,
  updateUser,
  userSearch,
} from '../../domain/users/users';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** Users (section 3, 7.3): the entity's calls plus an administrator's password change. */
export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEntityCalls(app, {
    entity: usersEntity,
    scoped: (auth) => scopedUsers(ctx.db, auth),
    select: selectUsers,
    columns: USER_COLUMNS,
    relations: USER_RELATIONS,
    conditions: USER_CONDITIONS,
    idColumn: 'u.id',
    search: userSearch(ctx.db),
    toItems: (rows, auth) => toUsers(ctx.db, auth, rows),
    // Lists answer narrow rows (UserListItemSchema); the edit page reads the whole user.
    list: { select: selectUserList, toItems: (rows, auth) => toUserListItems(ctx.db, auth, rows) },
    versions: USER_LIST_TABLES,
    create: async (auth, body) => {
      // New users default to a registration link (2.5): the project's registration flag, unless the body says.
      const invite = body.send_registration_link ?? (await sendsRegistrationLink(ctx.db, auth.projectId));
      const id = await createUser(ctx.db, auth, { ...body, send_registration_link: invite });
      // One without an e-mail is invited later.
      if (invite && !body.password && body.email) {
        await sendRegistrationLink(ctx, { userId: id, projectId: auth.projectId });
      }
      return id;
    },
    patch: async (auth, id, body) => {
      await updateUser(ctx.db, auth, id, body);
      // A new role or other groups change what the user's console shows and may do.
      if (body.role_id !== undefined || body.domains !== undefined)
        publishProfileChanged(ctx.realtime, auth.projectId, [id]);
    },
    remove: async (auth, ids) => {
      const deleted = await deleteUsers(ctx.db, auth, ids);
      // Removed from the project: their consoles in it lose the live line at once.
      for (const userId of ids) ctx.realtime.endSessions({ userId, projectId: auth.projectId });
      return deleted;
    },
    permitted: (auth, ids, action) => permittedUsers(ctx.db, auth, ids, action),
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
  });

  registerCall(app, 'POST /users/{id}/password', async ({ params, body }) => {
    await setUserPassword(ctx.db, params.id, body.new_password);
    // Every session of that user ended with the old password.
    ctx.realtime.endSessions({ userId: params.id });
    return { data: true as const };
  });
}
