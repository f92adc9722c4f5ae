import type { Permission } from '../../src/contract/permissions';
import type { TestApp } from './api-app';
import { demoIds as projectIds } from './project-users';

/** Query string of a list call (JSON for non-strings, as the console sends filters). */
export const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, val]) => [k, typeof val === 'string' ? val : JSON.stringify(val)]),
  ).toString();

type DemoGroup = 'Riverside Residence' | 'Building A' | 'Unit 101' | 'Unit 102' | 'Unit 201';
type DemoLogin = 'admin' | 'staff' | 'concierge' | 'concierge2' | 'resident';

/** Ids of the demo residence: project, groups by name, users by login, numbers by number. */
export async function demoIds(t: TestApp) {
  const { projectId, groups, users } = await projectIds(t);
  const numbers: Record<string, number> = {};
  for (const n of await t.db.selectFrom('sip_numbers').select(['id', 'number']).execute()) numbers[n.number] = n.id;
  // The demo's entrance panel (the demo has other devices too: controllers, a lift, a camera).
  const panel = await t.db
    .selectFrom('devices')
    .select(['id', 'token'])
    .where('name', '=', 'Entrance panel')
    .executeTakeFirstOrThrow();
  return {
    project: projectId,
    groups: groups as Record<DemoGroup, number>,
    users: users as Record<DemoLogin, number>,
    numbers,
    panel,
  };
}

export const USER_PASSWORD = 'user-test-pass-1';

/**
 * A new member of the residence whose role holds exactly `permissions`, placed
 * in `group`; answers the user's id and a session token. Made through the API
 * as the administrator would.
 */
export async function memberWith(
  t: TestApp,
  adminToken: string,
  login: string,
  permissions: Permission[],
  group: number,
): Promise<{ id: number; token: string }> {
  const role = await t.call('PUT', '/roles', {
    token: adminToken,
    body: { name: `role ${login}`, permissions },
  });
  if (role.statusCode !== 200) throw new Error(`role for ${login}: ${role.body}`);
  const user = await t.call('PUT', '/users', {
    token: adminToken,
    body: {
      login,
      name: `User ${login}`,
      email: `${login}@example.org`,
      role_id: role.json().data,
      domains: [group],
      password: USER_PASSWORD,
      send_registration_link: false,
    },
  });
  if (user.statusCode !== 200) throw new Error(`user ${login}: ${user.body}`);
  const session = await t.session(login, USER_PASSWORD, 'Riverside Residence');
  return { id: user.json().data, token: session.token };
}
