import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS, type RolePresetName } from '../../server/db/seed/roles';
import { hasAnyPermission, type Permission } from '../../src/contract/permissions';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/**
 * The role × route table of the communications area (6.2), generated from the
 * demo roles' presets: a role holding one of the route's permissions passes the
 * guard (and gets `allowed`: 200, 400 for an empty body, 404 for an unknown id),
 * anyone else 403; nobody without a token gets further than 401.
 */
interface RouteCase {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  /** Empty: any logged-in user (the token decides, e.g. poll answers). */
  anyOf: Permission[];
  allowed: number;
}

const CONVERSATION_VIEW: Permission[] = [
  'conversations.view',
  'conversations.view_descendants',
  'conversations.view_all',
];
const ANNOUNCE_VIEW: Permission[] = ['announces.view', 'announces.view_all'];
const ALERT_WRITE: Permission[] = ['emergency_alerts.create', 'emergency_alerts.edit'];
const MISSING = 999_999;

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/conversations/items', anyOf: CONVERSATION_VIEW, allowed: 200 },
  { method: 'GET', path: `/conversations/${MISSING}/messages`, anyOf: CONVERSATION_VIEW, allowed: 404 },
  { method: 'PUT', path: '/conversations', anyOf: ['conversations.create'], allowed: 400 },
  { method: 'GET', path: '/conversations/recipients/items', anyOf: ['conversations.create'], allowed: 200 },
  {
    method: 'POST',
    path: `/conversations/${MISSING}/messages`,
    anyOf: ['conversations.create_message'],
    allowed: 400,
  },
  { method: 'POST', path: '/conversations/delete-all', anyOf: ['conversations.delete'], allowed: 400 },
  { method: 'GET', path: '/announces/items', anyOf: ANNOUNCE_VIEW, allowed: 200 },
  { method: 'PUT', path: '/announces', anyOf: ['announces.create'], allowed: 400 },
  { method: 'POST', path: `/announces/${MISSING}/start`, anyOf: ['announces.send'], allowed: 404 },
  { method: 'POST', path: `/announces/${MISSING}/stop`, anyOf: ['announces.send'], allowed: 404 },
  { method: 'POST', path: '/announces/delete-all', anyOf: ['announces.delete'], allowed: 400 },
  { method: 'GET', path: '/announces/responses/items', anyOf: ANNOUNCE_VIEW, allowed: 200 },
  { method: 'GET', path: '/announces/items/token/nothing', anyOf: [], allowed: 404 },
  { method: 'POST', path: '/announces/response', anyOf: [], allowed: 400 },
  { method: 'GET', path: '/emergency-alerts/items', anyOf: ['emergency_alerts.view'], allowed: 200 },
  { method: 'PUT', path: '/emergency-alerts', anyOf: ['emergency_alerts.create'], allowed: 400 },
  {
    method: 'POST',
    path: `/emergency-alerts/${MISSING}/start`,
    anyOf: ['emergency_alerts.playback'],
    allowed: 404,
  },
  { method: 'POST', path: '/emergency-alerts/delete-all', anyOf: ['emergency_alerts.delete'], allowed: 400 },
  {
    method: 'GET',
    path: '/emergency-alerts/devices/items',
    anyOf: ['emergency_alerts.view', ...ALERT_WRITE],
    allowed: 200,
  },
];

const ROLES = Object.keys(ROLE_PRESETS) as RolePresetName[];
const table = ROLES.flatMap((role) =>
  ROUTES.map((route) => ({
    role,
    ...route,
    expected: route.anyOf.length === 0 || hasAnyPermission(ROLE_PRESETS[role], route.anyOf) ? route.allowed : 403,
  })),
);

describe.each(dialects)('permission matrix of communications (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Partial<Record<RolePresetName, string>> = {};
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const role of ROLES) tokens[role] = (await t.session(role)).token;
  });
  afterAll(() => t.close());

  it('covers both outcomes: the concierge and the resident pass some guards and are refused by others', () => {
    for (const role of ['concierge', 'resident'] as const) {
      expect(table.some((row) => row.role === role && row.expected === 403)).toBe(true);
      expect(table.some((row) => row.role === role && row.expected !== 403)).toBe(true);
    }
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
