import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS, type RolePresetName } from '../../server/db/seed/roles';
import { hasAnyPermission, type Permission } from '../../src/contract/permissions';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/**
 * The role × route table of telephony administration, generated from the demo
 * roles' presets and the permissions each route names: a holder passes the
 * guard (200, or 400 for the deliberately empty body), anyone else gets 403,
 * and nobody without a token gets further than 401. Routes every member may
 * call (contacts, call info) are checked for every role.
 */
interface RouteCase {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  path: string;
  /** Empty: any logged-in member of a licensed project. */
  anyOf: Permission[];
  allowed: number;
}

const trunkViews: Permission[] = [
  'sip_trunks.view_all',
  'sip_trunks.view_domain',
  'sip_trunks.view_descendants',
  'sip_trunks.view_own',
  'self_domain.manage_sip_trunks',
];

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: '/sip-numbers/items',
    anyOf: ['sip_numbers.view', 'sip_numbers.view_descendants', 'sip_numbers.view_all'],
    allowed: 200,
  },
  { method: 'PUT', path: '/sip-numbers', anyOf: ['sip_numbers.create'], allowed: 400 },
  { method: 'POST', path: '/sip-numbers/delete-all', anyOf: ['sip_numbers.delete'], allowed: 400 },
  { method: 'GET', path: '/sip-numbers/generate', anyOf: ['sip_numbers.create', 'sip_numbers.edit'], allowed: 200 },
  { method: 'GET', path: '/sip-numbers/contacts', anyOf: [], allowed: 200 },
  { method: 'GET', path: '/sip-numbers/call-info?number=100100', anyOf: [], allowed: 200 },
  { method: 'GET', path: '/forward-rules/items', anyOf: ['forward_rules.view'], allowed: 200 },
  { method: 'PUT', path: '/forward-rules', anyOf: ['forward_rules.create'], allowed: 400 },
  { method: 'GET', path: '/forward-groups/items', anyOf: ['forward_rules.view'], allowed: 200 },
  { method: 'POST', path: '/forward-groups/delete-all', anyOf: ['forward_rules.delete'], allowed: 400 },
  { method: 'GET', path: '/sip-trunks/items', anyOf: trunkViews, allowed: 200 },
  { method: 'PUT', path: '/sip-trunks', anyOf: ['sip_trunks.create', 'self_domain.manage_sip_trunks'], allowed: 400 },
  { method: 'GET', path: '/calls/history/items', anyOf: ['calls.view_history'], allowed: 200 },
  { method: 'GET', path: '/calls/interception', anyOf: ['calls.interception'], allowed: 200 },
  { method: 'POST', path: '/calls/interception', anyOf: ['calls.interception'], allowed: 400 },
];

const ROLES = Object.keys(ROLE_PRESETS) as RolePresetName[];
const table = ROLES.flatMap((role) =>
  ROUTES.map((route) => ({
    role,
    ...route,
    expected: route.anyOf.length === 0 || hasAnyPermission(ROLE_PRESETS[role], route.anyOf) ? route.allowed : 403,
  })),
);

describe.each(dialects)('permission matrix of telephony administration (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Partial<Record<RolePresetName, string>> = {};
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const role of ROLES) tokens[role] = (await t.session(role)).token;
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
    expect(res.json()).toEqual({ message: 'not_authorized', code: 'not_authorized' });
  });
});
