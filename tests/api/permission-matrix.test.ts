import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, insertRole, insertUser } from '../../server/db/seed/builders';
import { ROLE_PRESETS, type RolePresetName } from '../../server/db/seed/roles';
import { DEMO_NUMBERS } from '../../server/db/seed/telephony';
import { hashPassword } from '../../server/domain/auth/passwords';
import { type CallDeclaration, splitCallKey } from '../../src/contract/call';
import { CALLS, type CallKey } from '../../src/contract/http';
import { ALL_PERMISSIONS } from '../../src/contract/permissions';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';
import { demoIds } from '../support/project-users';
import { SPEC_ACCESS, type SpecAccess } from '../support/spec-access';

/**
 * The role × call matrix, generated from the contract's declarations and the
 * seeded roles, with the EXPECTED answers taken from tests/support/spec-access.ts
 * (a table written from section 6.2), never from the production permission
 * check. For every declared call:
 * - no token → 401 not_authorized (public calls excepted);
 * - a role holding only one of the permissions 6.2 names → past the guard;
 * - a role holding every other permission → 403;
 * - an unlicensed feature → 403 even with the permission;
 * - each demo role → past the guard exactly when 6.2 says so.
 * "Past the guard" means neither 401 nor 403 nor a server error: the input is
 * deliberately empty (an unknown id, `{}`), so nothing is changed.
 */
const KEYS = (Object.keys(CALLS) as CallKey[]).filter((k) => !(CALLS[k] as CallDeclaration).socket);
const NO_ID = '999999';
const FULL_FEATURES = JSON.stringify({
  sip: true,
  sip_trunks: true,
  web_dialer: true,
  mobile_app: true,
  ukey2: true,
  elevator: true,
  amenity: true,
  license_plate: true,
  guest_access: true,
});
const PROBE_NUMBER = '100777';

/** A path with harmless values for its parameters (nothing of that name exists, or it is the caller's own). */
function pathOf(key: string, ownNumber = PROBE_NUMBER): string {
  const { path } = splitCallKey(key);
  return path
    .replace('{id}', NO_ID)
    .replace('{token}', 'no-such-token')
    .replace('{number}', ownNumber)
    .replace('{before_date}', '2026-01-01T00:00:00.000Z')
    .replace('{locale}', 'en')
    .replace('{file}', key.includes('avatars') ? `${NO_ID}-0123456789abcdef.png` : '0123456789abcdef01234567.wav');
}

const isPermissionSpec = (spec: SpecAccess): spec is Exclude<SpecAccess, string> => typeof spec !== 'string';
/** Whether a role holding `granted` passes the spec's rule. */
function specAllows(spec: SpecAccess, granted: readonly string[]): boolean {
  if (spec === 'public' || spec === 'member') return true;
  return spec.anyOf.length === 0 || spec.anyOf.some((p) => granted.includes(p));
}
const pastTheGuard = (res: LightMyRequestResponse) =>
  res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500;

describe('the spec table covers the contract', () => {
  it('has a 6.2 line for every declared call, and no line for a call that is not declared', () => {
    expect(KEYS.filter((k) => !(k in SPEC_ACCESS))).toEqual([]);
    expect(Object.keys(SPEC_ACCESS).filter((k) => !(k in CALLS))).toEqual([]);
  });
});

describe.each(dialects)('permission matrix (%s)', (dialect) => {
  let t: TestApp;
  let projectId = 0;
  let probe = { userId: 0, roleId: 0, token: '' };
  const demoTokens: Partial<Record<RolePresetName, string>> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const ids = await demoIds(t);
    projectId = ids.projectId;
    const hash = await hashPassword(PASSWORDS.demo);
    probe = await t.db.transaction().execute(async (trx) => {
      const roleId = await insertRole(trx, {
        projectId,
        name: 'probe',
        description: 'a role the test rewrites',
        permissions: [],
        isAdmin: false,
      });
      const userId = await insertUser(trx, {
        login: 'probe',
        passwordHash: hash,
        name: 'Probe',
        email: 'probe@example.com',
      });
      await addMember(trx, { userId, projectId, roleId, domainIds: [ids.groups['Unit 102'] as number] });
      return { userId, roleId, token: '' };
    });
    // The probe holds a number of its own (its dialer recents).
    const admin = (await t.session('admin')).token;
    const number = await t.call('PUT', '/sip-numbers', {
      token: admin,
      body: { number: PROBE_NUMBER, password: 'Probe12345', user_id: probe.userId, is_active: true },
    });
    expect(number.statusCode, number.body).toBe(200);
    probe.token = (await t.session('probe')).token;
    for (const role of Object.keys(ROLE_PRESETS) as RolePresetName[]) demoTokens[role] = (await t.session(role)).token;
  });
  afterAll(() => t.close());

  const grant = (permissions: readonly string[]) =>
    t.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify(permissions) })
      .where('id', '=', probe.roleId)
      .execute();
  const license = (features: string) =>
    t.db.updateTable('projects').set({ features }).where('id', '=', projectId).execute();

  /** One request as the probe; a call that ended its session (logout, account deletion) is undone first. */
  async function asProbe(key: string): Promise<LightMyRequestResponse> {
    const res = await send(key, probe.token);
    if (res.statusCode === 401) {
      await t.db.updateTable('users').set({ deleted_at: null }).where('id', '=', probe.userId).execute();
      const member = await t.db
        .selectFrom('memberships')
        .select('user_id')
        .where('user_id', '=', probe.userId)
        .executeTakeFirst();
      if (!member)
        await t.db
          .transaction()
          .execute((trx) => addMember(trx, { userId: probe.userId, projectId, roleId: probe.roleId, domainIds: [] }));
      probe.token = (await t.session('probe')).token;
      return send(key, probe.token);
    }
    return res;
  }
  function send(key: string, token: string | undefined, ownNumber?: string) {
    const { method } = splitCallKey(key);
    return t.call(method as 'GET', pathOf(key, ownNumber), { token, body: method === 'GET' ? undefined : {} });
  }

  it.each(KEYS.map((k) => [k]))('%s: no token is 401 unless the call is public', async (key) => {
    const spec = SPEC_ACCESS[key] as SpecAccess;
    const res = await send(key, undefined);
    if (spec === 'public') expect(res.statusCode, res.body).not.toBe(401);
    else {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ message: 'not_authorized', code: 'not_authorized' });
    }
  });

  it.each(KEYS.filter((k) => SPEC_ACCESS[k] !== 'public').map((k) => [k]))(
    '%s: exactly the permissions of 6.2 open it',
    async (key) => {
      const spec = SPEC_ACCESS[key] as SpecAccess;
      const opening = isPermissionSpec(spec) ? spec.anyOf : [];
      // Each permission 6.2 names opens it on its own (a member call opens with none).
      for (const permission of opening.length > 0 ? opening : [null]) {
        await grant(permission ? [permission] : []);
        const res = await asProbe(key);
        expect(pastTheGuard(res), `${permission ?? 'no permission'}: ${res.statusCode} ${res.body}`).toBe(true);
      }
      // Every other permission together does not.
      if (opening.length > 0) {
        await grant(ALL_PERMISSIONS.filter((p) => !opening.includes(p)));
        const res = await asProbe(key);
        expect(res.statusCode, `all but ${opening.join(', ')}: ${res.body}`).toBe(403);
      }
      // An unlicensed feature closes it even with the permissions.
      if (isPermissionSpec(spec) && spec.licensed?.length) {
        await grant(opening);
        await license(
          JSON.stringify({ ...JSON.parse(FULL_FEATURES), ...Object.fromEntries(spec.licensed.map((f) => [f, false])) }),
        );
        const res = await asProbe(key);
        await license(FULL_FEATURES);
        expect(res.statusCode, `unlicensed ${spec.licensed.join(', ')}: ${res.body}`).toBe(403);
      }
      await grant([]);
    },
  );

  // The demo roles, as seeded. Logout and account deletion would end the demo users' sessions or accounts:
  // the probe covers them above.
  const rows = (Object.keys(ROLE_PRESETS) as RolePresetName[]).flatMap((role) =>
    KEYS.filter((k) => SPEC_ACCESS[k] !== 'public' && k !== 'POST /logout' && k !== 'DELETE /account').map(
      (k) => [role, k] as const,
    ),
  );
  it.each(rows)('%s %s: past the guard exactly when 6.2 allows it', async (role, key) => {
    const spec = SPEC_ACCESS[key] as SpecAccess;
    const allowed = specAllows(spec, ROLE_PRESETS[role]);
    // A number of the role's own demo user where a path names one (its dialer recents).
    const res = await send(key, demoTokens[role], DEMO_NUMBERS[role as keyof typeof DEMO_NUMBERS] ?? PROBE_NUMBER);
    if (allowed) expect(pastTheGuard(res), `${res.statusCode} ${res.body}`).toBe(true);
    else expect(res.statusCode, res.body).toBe(403);
  });
});
