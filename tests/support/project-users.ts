import { addMember, insertRole, insertUser } from '../../server/db/seed/builders';
import { hashPassword } from '../../server/domain/auth/passwords';
import type { Permission } from '../../src/contract/permissions';
import { PASSWORDS, type TestApp } from './api-app';

/** Ids of the demo project, its groups and users, read from the seeded database. */
export async function demoIds(t: TestApp) {
  const project = await t.db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', 'Riverside Residence')
    .executeTakeFirstOrThrow();
  const groups: Record<string, number> = {};
  for (const g of await t.db
    .selectFrom('domains')
    .select(['id', 'name'])
    .where('project_id', '=', project.id)
    .execute())
    groups[g.name] = g.id;
  const users: Record<string, number> = {};
  for (const u of await t.db.selectFrom('users').select(['id', 'login']).execute()) users[u.login] = u.id;
  return { projectId: project.id, groups, users };
}

/**
 * A member of the demo project with a role of its own (exactly `permissions`)
 * in `group`; logs in with the demo password. Answers the user id and a token.
 */
export async function addProjectUser(
  t: TestApp,
  spec: { login: string; permissions: Permission[]; group: string; email?: string },
): Promise<{ id: number; token: string }> {
  const { projectId, groups } = await demoIds(t);
  const hash = await hashPassword(PASSWORDS.demo);
  const id = await t.db.transaction().execute(async (trx) => {
    const roleId = await insertRole(trx, {
      projectId,
      name: `role-${spec.login}`,
      description: 'test role',
      permissions: spec.permissions,
      isAdmin: false,
    });
    const userId = await insertUser(trx, {
      login: spec.login,
      passwordHash: hash,
      name: spec.login,
      email: spec.email ?? `${spec.login}@example.com`,
    });
    const groupId = groups[spec.group];
    if (!groupId) throw new Error(`no group ${spec.group}`);
    await addMember(trx, { userId, projectId, roleId, domainIds: [groupId] });
    return userId;
  });
  return { id, token: (await t.session(spec.login)).token };
}
