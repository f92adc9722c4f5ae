import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS, type RolePresetName } from '../../server/db/seed/roles';
import { hasAnyPermission, type Permission } from '../../src/contract/permissions';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/**
 * The role × route table of the entity areas, generated from the demo roles'
 * permission presets and the permissions each route names: a role holding one
 * of them passes the guard (answering 200, or 400 for an empty body), anyone
 * else gets 403, and nobody without a token gets further than 401.
 */
interface RouteCase {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  path: string;
  anyOf: Permission[];
  /** The status of a caller who passes the guard (the body is deliberately empty). */
  allowed: number;
}

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/users/items', anyOf: ['users.view', 'users.view_all'], allowed: 200 },
  { method: 'PUT', path: '/users', anyOf: ['users.create'], allowed: 400 },
  { method: 'POST', path: '/users/delete-all', anyOf: ['users.delete'], allowed: 400 },
  { method: 'GET', path: '/users/export', anyOf: ['users.view', 'users.view_all'], allowed: 200 },
  { method: 'GET', path: '/roles/items', anyOf: ['roles.view', 'roles.view_users', 'roles.view_all'], allowed: 200 },
  { method: 'PUT', path: '/roles', anyOf: ['roles.create'], allowed: 400 },
  {
    method: 'POST',
    path: '/roles/delete-all',
    anyOf: ['roles.delete', 'roles.delete_available', 'roles.delete_all'],
    allowed: 400,
  },
  { method: 'GET', path: '/markers/items', anyOf: ['markers.view', 'markers.view_all'], allowed: 200 },
  { method: 'PUT', path: '/markers', anyOf: ['markers.create'], allowed: 400 },
  { method: 'POST', path: '/markers/apply', anyOf: ['markers.apply'], allowed: 400 },
  { method: 'POST', path: '/registration/invite/send', anyOf: ['users.create', 'users.edit_all'], allowed: 400 },
  { method: 'GET', path: '/calls/waiting/items', anyOf: ['concierge.reception', 'calls.interception'], allowed: 200 },
  { method: 'POST', path: '/calls/stop', anyOf: ['concierge.reception', 'calls.interception'], allowed: 400 },
  {
    method: 'GET',
    path: '/calls/concierge/devices/items',
    anyOf: ['concierge.reception', 'calls.call_panel'],
    allowed: 200,
  },
  { method: 'POST', path: '/calls/door/open', anyOf: ['concierge.reception', 'calls.call_panel'], allowed: 400 },
  {
    method: 'GET',
    path: '/sip/status',
    anyOf: ['project.view_settings', 'project.change_settings', 'system.view_info'],
    allowed: 200,
  },
];

const ROLES = Object.keys(ROLE_PRESETS) as RolePresetName[];
const LOGIN: Record<RolePresetName, string> = {
  admin: 'admin',
  staff: 'staff',
  concierge: 'concierge',
  resident: 'resident',
};

const table = ROLES.flatMap((role) =>
  ROUTES.map((route) => ({
    role,
    ...route,
    expected: hasAnyPermission(ROLE_PRESETS[role], route.anyOf) ? route.allowed : 403,
  })),
);

describe.each(dialects)('permission matrix of the entity areas (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Partial<Record<RolePresetName, string>> = {};
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const role of ROLES) tokens[role] = (await t.session(LOGIN[role])).token;
  });
  afterAll(() => t.close());

  it('covers both outcomes: some roles pass and some are refused', () => {
    expect(table.some((row) => row.expected === 403)).toBe(true);
    expect(table.some((row) => row.expected !== 403)).toBe(true);
  });

  it.each(table.map((row) => [`${row.role} ${row.method} ${row.path} → ${row.expected}`, row] as const))(
    '%s',
    async (_, row) => {
      const res = await t.call(row.method, row.path, {
        token: tokens[row.role],
        body: row.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, res.body).toBe(row.expected);
    },
  );

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s without a token → 401', async (_, route) => {
    const res = await t.call(route.method, route.path, { body: route.method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
  });
});
