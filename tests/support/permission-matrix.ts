import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS, type RolePresetName } from '../../server/db/seed/roles';
import { hasAnyPermission, type Permission } from '../../src/contract/permissions';
import { buildTestApp, dialects, type TestApp } from './api-app';

/** One route of a permission matrix and what a caller who passes its guard gets. */
export interface RouteCase {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  path: string;
  /** Any one of these passes the guard; empty: any logged-in user. */
  anyOf: Permission[];
  /** The status past the guard (the body is deliberately empty: 200, 400, or 404 for an unknown id). */
  allowed: number;
}

export const MATRIX_ROLES = Object.keys(ROLE_PRESETS) as RolePresetName[];

/** The role × route table, generated from the demo roles' permission presets. */
export function matrixOf(routes: RouteCase[]) {
  return MATRIX_ROLES.flatMap((role) =>
    routes.map((route) => ({
      role,
      ...route,
      expected: route.anyOf.length === 0 || hasAnyPermission(ROLE_PRESETS[role], route.anyOf) ? route.allowed : 403,
    })),
  );
}

/**
 * The role × route matrix on both databases: a role holding one of a route's
 * permissions passes its guard, anyone else gets 403, and nobody without a
 * token gets further than 401 `not_authorized`.
 */
export function describePermissionMatrix(title: string, routes: RouteCase[]) {
  const table = matrixOf(routes);
  describe.each(dialects)(`${title} (%s)`, (dialect) => {
    let t: TestApp;
    const tokens: Partial<Record<RolePresetName, string>> = {};
    beforeAll(async () => {
      t = await buildTestApp(dialect);
      for (const role of MATRIX_ROLES) tokens[role] = (await t.session(role)).token;
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

    it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s without a token → 401', async (_, route) => {
      const res = await t.call(route.method, route.path, { body: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'not_authorized', code: 'not_authorized' });
    });
  });
  return table;
}
