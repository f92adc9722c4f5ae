import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessExplainSchema } from '../../src/contract/entities/access-explain';
import { Ukey2Schema } from '../../src/contract/entities/ukey2';
import { listAnswer } from '../../src/contract/filters';
import { clearDemoAccess, insertRule } from '../support/access-rows';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

const Ukey2List = listAnswer(Ukey2Schema);

/**
 * UKEY2 (issue 12; doc 1 §2.1 /ukey2 view only, §3 Mobile client ukey2; doc 2 6.2 ukey2.view /
 * issue / revoke, 7.5 "/ukey2/items and /ukey2/{id}, fetch only", 8.2 "UKEY2 cannot be deleted"):
 * issue to a user or one of their mobile clients, the list and item, revoke (final, the door
 * refuses it), no delete, the licence gate and who sees which keys.
 */
describe.each(dialects)('ukey2 (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let door = 0;
  let holder = { id: 0, token: '' };
  let other = { id: 0, token: '' };
  let clientA = 0;
  let clientB = 0;
  let strangerClient = 0;

  const issue = (body: Record<string, unknown>, token = admin) => t.call('POST', '/ukey2/issue', { token, body });
  const issued = async (body: Record<string, unknown>, token = admin) => {
    const res = await issue(body, token);
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(Ukey2Schema, res.json().data);
  };
  const list = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/ukey2/items?${q({ size: 100, ...params })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(Ukey2List, res.json());
  };
  const client = async (userId: number, vendor: string, platform: string) =>
    Number(
      (
        await t.db
          .insertInto('mobile_clients')
          .values({
            project_id: ids.projectId,
            user_id: userId,
            platform,
            info: `${platform} phone`,
            auth_at: '2026-01-02T10:00:00.000Z',
            vendor_id: vendor,
            created_at: '2026-01-02T10:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    await clearDemoAccess(t);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    ids = await demoIds(t);
    const res = await t.call('PUT', '/devices', {
      token: admin,
      body: { name: 'Gate U', type: 'panel', serial_number: 'UKEY-GATE', domain_id: ids.groups['Building A'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    door = res.json().data as number;
    holder = await addProjectUser(t, { login: `uk-holder-${dialect}`, permissions: [], group: 'Unit 101' });
    other = await addProjectUser(t, { login: `uk-other-${dialect}`, permissions: [], group: 'Unit 102' });
    clientA = await client(holder.id, `va-${dialect}`, 'ios');
    clientB = await client(holder.id, `vb-${dialect}`, 'android');
    strangerClient = await client(other.id, `vc-${dialect}`, 'ios');
    await insertRule(t, ids.projectId, { name: 'Holders', doors: [{ device_id: door, lock: 1 }], users: [holder.id] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('issues a key to a mobile client: a 64-bit number, the client holds it, the list and item show it', async () => {
    const key = await issued({ user_id: holder.id, mobile_client_id: clientA, name: 'Phone key' });
    expect(key).toMatchObject({
      name: 'Phone key',
      owner: { id: holder.id, name: `uk-holder-${dialect}` },
      mobile_client: { id: clientA, platform: 'ios', info: 'ios phone' },
      is_active: true,
      revoked: false,
      revoked_at: null,
      created_by_user: { id: ids.users.admin, name: expect.any(String) },
    });
    expect(key.value).toMatch(/^\d{1,20}$/);
    expect(BigInt(key.value) < 1n << 64n).toBe(true);
    expect(key.value_hex).toBe(BigInt(key.value).toString(16).toUpperCase());
    const clients = await t.call('GET', `/users/${holder.id}/mobile-clients`, { token: admin });
    expect(clients.json().data.find((c: { id: number }) => c.id === clientA).ukey2).toBe(key.value);
    const item = await t.call('GET', `/ukey2/${key.id}`, { token: admin });
    expect(item.statusCode).toBe(200);
    expect(item.json().data).toEqual(key);
    expect((await list({})).data.map((k) => k.id)).toContain(key.id);
    // It is an identifier of type ukey2 that opens what its holder's rules open.
    const explain = await t.call('GET', `/access/explain?${q({ identifier_id: key.id, device_id: door })}`, {
      token: admin,
    });
    expect(v.parse(AccessExplainSchema, explain.json().data)).toMatchObject({ granted: true, reason: 'granted' });
  });

  it('refuses a second usable key on one client, a client of someone else, a user out of reach', async () => {
    const again = await issue({ user_id: holder.id, mobile_client_id: clientA });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'invalid data sent',
      errors: { mobile_client_id: { code: 'not_unique' } },
    });
    const theirs = await issue({ user_id: holder.id, mobile_client_id: strangerClient });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['mobile_client_id'] });
    const issuer = await addProjectUser(t, {
      login: `uk-issuer-${dialect}`,
      permissions: ['ukey2.issue'],
      group: 'Unit 101',
    });
    const away = await issue({ user_id: holder.id }, issuer.token);
    expect(away.statusCode).toBe(400);
    expect(away.json()).toMatchObject({ entities: ['user_id'] });
    // Their own key they may issue; a key without a client is a key for the user.
    expect(await issued({ user_id: issuer.id }, issuer.token)).toMatchObject({
      owner: { id: issuer.id },
      mobile_client: null,
    });
    const bad = await issue({ user_id: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('revokes for good: the client no longer holds it, the door refuses it, a second revoke keeps the first time', async () => {
    const key = await issued({ user_id: holder.id, mobile_client_id: clientB });
    const revoked = await t.call('POST', `/ukey2/${key.id}/revoke`, { token: admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = v.parse(Ukey2Schema, revoked.json().data);
    expect(after).toMatchObject({ revoked: true, mobile_client: { id: clientB } });
    expect(after.revoked_at).not.toBeNull();
    const clients = await t.call('GET', `/users/${holder.id}/mobile-clients`, { token: admin });
    expect(clients.json().data.find((c: { id: number }) => c.id === clientB).ukey2).toBeNull();
    const explain = await t.call('GET', `/access/explain?${q({ identifier_id: key.id, device_id: door })}`, {
      token: admin,
    });
    expect(explain.json().data).toMatchObject({ granted: false, reason: 'revoked' });
    const twice = await t.call('POST', `/ukey2/${key.id}/revoke`, { token: admin });
    expect(twice.json().data.revoked_at).toBe(after.revoked_at);
    // Revoked, the client may be given a new key.
    expect((await issued({ user_id: holder.id, mobile_client_id: clientB })).mobile_client?.id).toBe(clientB);
    const revokedOnly = await list({ filters: JSON.stringify([{ field: 'revoked', rule: 'equals', value: true }]) });
    expect(revokedOnly.data.map((k) => k.id)).toEqual([key.id]);
  });

  it('is never deleted: no delete call, and the identifiers delete refuses it', async () => {
    const key = (await list({})).data[0];
    expect((await t.call('DELETE', `/ukey2/${key?.id}`, { token: admin })).statusCode).toBe(404);
    const res = await t.call('DELETE', `/identifiers/${key?.id}`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('ukey2 cannot be deleted');
    expect((await t.call('GET', `/ukey2/${key?.id}`, { token: admin })).statusCode).toBe(200);
  });

  it('scopes: keys of users the caller reaches, the ones they issued, their own; other identifiers are not UKEY2', async () => {
    const card = await t.call('PUT', '/identifiers', {
      token: admin,
      body: { type: 'card', value: '4242', owner_id: holder.id },
    });
    expect(card.statusCode, card.body).toBe(200);
    expect((await t.call('GET', `/ukey2/${card.json().data}`, { token: admin })).statusCode).toBe(404);
    const all = await list({});
    expect(all.data.every((k) => k.value !== '4242')).toBe(true);
    // A viewer of Unit 101's people sees the holder's keys, not the key of someone in Unit 102.
    const theirs = await issued({ user_id: other.id, mobile_client_id: strangerClient });
    const viewer = await addProjectUser(t, {
      login: `uk-viewer-${dialect}`,
      permissions: ['ukey2.view', 'users.view'],
      group: 'Unit 101',
    });
    const seen = (await list({}, viewer.token)).data;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((k) => k.owner?.id === holder.id || k.owner?.name.startsWith('uk-issuer'))).toBe(true);
    expect((await t.call('GET', `/ukey2/${theirs.id}`, { token: viewer.token })).statusCode).toBe(404);
    // Without users.view: only their own keys and the ones they issued.
    const bare = await addProjectUser(t, {
      login: `uk-bare-${dialect}`,
      permissions: ['ukey2.view'],
      group: 'Unit 101',
    });
    expect((await list({}, bare.token)).data).toEqual([]);
    const byOwner = await list({ filters: JSON.stringify([{ field: 'owner', rule: 'has', value: [other.id] }]) });
    expect(byOwner.data.map((k) => k.id)).toEqual([theirs.id]);
    const search = await list({ filters: JSON.stringify([{ field: 'search', rule: 'contains', value: 'uk-other' }]) });
    expect(search.data.map((k) => k.id)).toEqual([theirs.id]);
    // Revoking needs ukey2.revoke.
    expect((await t.call('POST', `/ukey2/${theirs.id}/revoke`, { token: viewer.token })).statusCode).toBe(403);
  });

  it('needs the ukey2 licence for every call', async () => {
    const project = await t.db
      .selectFrom('projects')
      .select('features')
      .where('id', '=', ids.projectId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('projects')
      .set({ features: JSON.stringify({ ...JSON.parse(project.features), ukey2: false }) })
      .where('id', '=', ids.projectId)
      .execute();
    try {
      expect((await t.call('GET', '/ukey2/items', { token: admin })).statusCode).toBe(403);
      expect((await issue({ user_id: holder.id })).statusCode).toBe(403);
      expect((await t.call('POST', '/ukey2/1/revoke', { token: admin })).statusCode).toBe(403);
    } finally {
      await t.db.updateTable('projects').set({ features: project.features }).where('id', '=', ids.projectId).execute();
    }
    expect((await t.call('GET', '/ukey2/items', { token: admin })).statusCode).toBe(200);
  });
});
