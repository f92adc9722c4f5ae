import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { ROLE_PRESETS } from '../../server/db/seed/roles';
import { seedIfEmpty } from '../../server/db/seed/seed';
import { PERMISSION_FAMILIES } from '../../src/contract/permissions';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';

describe('role presets', () => {
  it('staff holds everything but project, backups, licences, system, audit and granting more than own', () => {
    const staff = new Set<string>(ROLE_PRESETS.staff);
    for (const family of ['project', 'backups', 'licences', 'system', 'audit'] as const) {
      for (const p of PERMISSION_FAMILIES[family]) expect(staff.has(p)).toBe(false);
    }
    expect(staff.has('roles.grant_more_than_own')).toBe(false);
    for (const p of ['users.create', 'roles.edit', 'domains.view_all', 'devices.create', 'calls.interception']) {
      expect(staff.has(p)).toBe(true);
    }
  });
});

describe.each(dialects)('first-start seed with demo content (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reports what it created, without the configured passwords', () => {
    expect(t.seed).toEqual({
      created: true,
      admin: { login: 'admin', generatedPassword: null },
      demo: { logins: ['staff', 'concierge', 'concierge2', 'resident'], generatedPassword: null },
    });
  });

  it('builds the Riverside Residence group tree as a nested set', async () => {
    const rows = await t.db
      .selectFrom('domains')
      .innerJoin('projects', 'projects.id', 'domains.project_id')
      .leftJoin('domains as parent', 'parent.id', 'domains.parent_id')
      .leftJoin('domain_types', 'domain_types.id', 'domains.domain_type_id')
      .select(['domains.name', 'domains.lft', 'domains.rgt', 'parent.name as parent', 'domain_types.type'])
      .where('projects.name', '=', 'Riverside Residence')
      .orderBy('domains.lft')
      .execute();
    expect(rows).toHaveLength(78);
    // The top of the tree, and the way down to the first demo's units (demo-estate.ts has the plan).
    const top = rows.filter((r) => r.parent === null || r.parent === 'Riverside Residence');
    expect(top).toEqual([
      { name: 'Riverside Residence', lft: 1, rgt: 156, parent: null, type: 'project' },
      { name: 'Building A', lft: 2, rgt: 55, parent: 'Riverside Residence', type: 'building' },
      { name: 'Building B', lft: 56, rgt: 121, parent: 'Riverside Residence', type: 'building' },
      { name: 'Building C', lft: 122, rgt: 149, parent: 'Riverside Residence', type: 'building' },
      { name: 'Underground parking', lft: 150, rgt: 151, parent: 'Riverside Residence', type: 'area' },
      { name: 'Fitness room', lft: 152, rgt: 153, parent: 'Riverside Residence', type: 'area' },
      { name: 'Courtyard', lft: 154, rgt: 155, parent: 'Riverside Residence', type: 'area' },
    ]);
    expect(rows.slice(1, 9)).toEqual([
      { name: 'Building A', lft: 2, rgt: 55, parent: 'Riverside Residence', type: 'building' },
      { name: 'Entrance 1', lft: 3, rgt: 28, parent: 'Building A', type: 'entrance' },
      { name: 'Floor 1', lft: 4, rgt: 9, parent: 'Entrance 1', type: 'floor' },
      { name: 'Unit 101', lft: 5, rgt: 6, parent: 'Floor 1', type: 'unit' },
      { name: 'Unit 102', lft: 7, rgt: 8, parent: 'Floor 1', type: 'unit' },
      { name: 'Floor 2', lft: 10, rgt: 15, parent: 'Entrance 1', type: 'floor' },
      { name: 'Unit 201', lft: 11, rgt: 12, parent: 'Floor 2', type: 'unit' },
      { name: 'Unit 202', lft: 13, rgt: 14, parent: 'Floor 2', type: 'unit' },
    ]);
  });

  it('gives Harbour Office only its root group', async () => {
    const rows = await t.db
      .selectFrom('domains')
      .innerJoin('projects', 'projects.id', 'domains.project_id')
      .select(['domains.name', 'domains.lft', 'domains.rgt', 'domains.parent_id'])
      .where('projects.name', '=', 'Harbour Office')
      .execute();
    expect(rows).toEqual([{ name: 'Harbour Office', lft: 1, rgt: 2, parent_id: null }]);
  });

  it('stores the four role presets in the first project and an admin role in the second', async () => {
    const roles = await t.db
      .selectFrom('roles')
      .innerJoin('projects', 'projects.id', 'roles.project_id')
      .select(['projects.name as project', 'roles.name', 'roles.permissions', 'roles.is_admin'])
      .orderBy('roles.id')
      .execute();
    expect(roles.map((r) => [r.project, r.name, r.is_admin])).toEqual([
      ['Riverside Residence', 'admin', 1],
      ['Riverside Residence', 'staff', 0],
      ['Riverside Residence', 'concierge', 0],
      ['Riverside Residence', 'resident', 0],
      ['Harbour Office', 'admin', 1],
    ]);
    for (const role of roles) {
      expect(JSON.parse(role.permissions)).toEqual(ROLE_PRESETS[role.name as keyof typeof ROLE_PRESETS]);
    }
  });

  it('sets what each role may assign', async () => {
    const rows = await t.db
      .selectFrom('role_available_roles')
      .innerJoin('roles as r', 'r.id', 'role_available_roles.role_id')
      .innerJoin('roles as a', 'a.id', 'role_available_roles.available_role_id')
      .innerJoin('projects', 'projects.id', 'r.project_id')
      .select(['r.name as role', 'a.name as available'])
      .where('projects.name', '=', 'Riverside Residence')
      .orderBy('r.id')
      .orderBy('a.id')
      .execute();
    const byRole = (role: string) => rows.filter((r) => r.role === role).map((r) => r.available);
    expect(byRole('admin')).toEqual(['admin', 'staff', 'concierge', 'resident']);
    expect(byRole('staff')).toEqual(['staff', 'concierge', 'resident']);
    expect(byRole('resident')).toEqual([]);
  });

  it('places the demo users in their groups', async () => {
    const rows = await t.db
      .selectFrom('user_domains')
      .innerJoin('users', 'users.id', 'user_domains.user_id')
      .innerJoin('domains', 'domains.id', 'user_domains.domain_id')
      .select(['users.login', 'domains.name'])
      .where('users.login', 'in', ['admin', 'staff', 'concierge', 'concierge2', 'resident'])
      .orderBy('users.id')
      .orderBy('domains.id')
      .execute();
    expect(rows).toEqual([
      { login: 'admin', name: 'Riverside Residence' },
      { login: 'admin', name: 'Harbour Office' },
      { login: 'staff', name: 'Riverside Residence' },
      { login: 'concierge', name: 'Riverside Residence' },
      { login: 'concierge2', name: 'Riverside Residence' },
      { login: 'resident', name: 'Unit 101' },
    ]);
  });

  it('stores passwords as argon2id hashes', async () => {
    const rows = await t.db.selectFrom('users').select('password_hash').execute();
    for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('does nothing on a later start, and migrations are already applied', async () => {
    const before = await t.db.selectFrom('users').select('id').execute();
    expect((await seedIfEmpty(t.db, t.config)).created).toBe(false);
    expect(await migrateToLatest(t.db)).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual(before);
  });
});

describe.each(dialects)('first-start seed without demo content (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { GATEHOUSE_DEMO: '0', GATEHOUSE_ADMIN_PASSWORD: '' } });
  });
  afterAll(() => t.close());

  it('creates one project and its administrator with a generated password, shown once', async () => {
    expect(t.seed.demo).toBeNull();
    const password = t.seed.admin.generatedPassword;
    expect(password).toMatch(/^[\w-]{16}$/);
    const sessions = await t.login('admin', password!);
    expect(sessions.map((s) => s.project.name)).toEqual(['My project']);
    const users = await t.db.selectFrom('users').select('login').execute();
    expect(users).toEqual([{ login: 'admin' }]);
    const login = await t.call('POST', '/login', { body: { login: 'staff', password: PASSWORDS.demo } });
    expect(login.statusCode).toBe(401);
  });

  it('gives that administrator every count of the project', async () => {
    const { token } = (await t.login('admin', t.seed.admin.generatedPassword!))[0]!;
    const counts = (await t.call('GET', '/home/counts', { token })).json().data;
    expect(counts).toEqual({ users: 1, roles: 1, groups: 1, projects: 1 });
  });
});
