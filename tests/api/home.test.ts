import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, PASSWORDS, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser } from '../support/project-users';

describe.each(dialects)('GET /home/counts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
  });
  afterAll(() => t.close());

  const counts = async (login: string, project?: string) => {
    const { token } = await t.session(login, login === 'admin' ? PASSWORDS.admin : PASSWORDS.demo, project);
    const res = await t.call('GET', '/home/counts', { token });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('gives the administrator every count of the current project and both projects', async () => {
    expect(await counts('admin', 'Riverside Residence')).toEqual({ users: 5, roles: 4, groups: 5, projects: 2 });
    expect(await counts('admin', 'Harbour Office')).toEqual({ users: 1, roles: 1, groups: 1, projects: 2 });
  });

  it('gives staff every count of its one project', async () => {
    expect(await counts('staff')).toEqual({ users: 5, roles: 4, groups: 5, projects: 1 });
  });

  it('leaves out roles for the concierge, who cannot view roles', async () => {
    expect(await counts('concierge')).toEqual({ users: 5, groups: 5, projects: 1 });
  });

  it('counts only what the caller’s own lists show: a unit keeper sees its unit’s people and its unit', async () => {
    const keeper = await addProjectUser(t, {
      login: 'unit-keeper',
      permissions: ['users.view', 'domains.view_descendants'],
      group: 'Unit 101',
    });
    const res = await t.call('GET', '/home/counts', { token: keeper.token });
    // Rita Resident and the keeper live in Unit 101; the rest of the building is not theirs to count.
    expect(res.json().data).toEqual({ users: 2, groups: 1, projects: 1 });
  });

  it('leaves out users, roles and groups for a resident', async () => {
    expect(await counts('resident')).toEqual({ projects: 1 });
  });
});
