import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHANGES_TOPIC, REALTIME_CLOSE, userTopic } from '../../src/contract/realtime';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';
import { demoIds } from '../support/project-users';
import { connect, listening } from '../support/ws-client';

/**
 * Realtime security (7.10): topics are per project, clients cannot speak on
 * server topics, and a socket lives no longer than its session.
 */
describe.each(dialects)('realtime security (%s)', (dialect) => {
  let t: TestApp;
  let origin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    origin = await listening(t.app);
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it("a console logged into another project hears nothing of this project's topics", async () => {
    const here = (await t.session('admin')).token;
    const office = (await t.session('admin', PASSWORDS.admin, 'Harbour Office')).token;
    const residence = await connect(origin, here);
    const elsewhere = await connect(origin, office);
    for (const socket of [residence, elsewhere]) {
      expect((await socket.subscribe(APP_CHANGES_TOPIC)).data.type).toBe('subscription.succeeded');
      expect((await socket.subscribe(userTopic(ids.users.admin as number))).data.type).toBe('subscription.succeeded');
    }
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'resident')
      .where('project_id', '=', ids.projectId)
      .executeTakeFirstOrThrow();
    const edited = await t.call('PATCH', `/roles/${role.id}`, { token: here, body: { description: 'Lives here' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await residence.next((m) => m.data.type === 'RoleChangedEvent')).data).toEqual({
      type: 'RoleChangedEvent',
      roleId: role.id,
    });
    await expect(elsewhere.next((m) => m.data.type === 'RoleChangedEvent', 400)).rejects.toThrow();
    residence.close();
    elsewhere.close();
  });

  it('logout closes the session’s socket; other sessions stay', async () => {
    const first = (await t.session('staff')).token;
    const second = (await t.session('staff')).token;
    const a = await connect(origin, first);
    const b = await connect(origin, second);
    expect((await a.subscribe(APP_CHANGES_TOPIC)).data.type).toBe('subscription.succeeded');
    expect((await b.subscribe(APP_CHANGES_TOPIC)).data.type).toBe('subscription.succeeded');
    const out = await t.call('POST', '/logout', { token: first });
    expect(out.statusCode, out.body).toBe(200);
    expect(await a.closed).toBe(REALTIME_CLOSE.unauthorized);
    // The token of the ended session no longer works anywhere.
    expect((await t.call('GET', '/profile', { token: first })).statusCode).toBe(401);
    expect((await t.call('GET', '/profile', { token: second })).statusCode).toBe(200);
    b.close();
  });

  it('a password change closes the other sessions’ sockets, and an administrator’s reset closes all', async () => {
    const kept = (await t.session('concierge')).token;
    const other = (await t.session('concierge')).token;
    const a = await connect(origin, kept);
    const b = await connect(origin, other);
    await a.subscribe(APP_CHANGES_TOPIC);
    await b.subscribe(APP_CHANGES_TOPIC);
    const changed = await t.call('POST', '/profile/password', {
      token: kept,
      body: { old: PASSWORDS.demo, new: 'concierge-new-pass' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await b.closed).toBe(REALTIME_CLOSE.unauthorized);

    const admin = (await t.session('admin')).token;
    const reset = await t.call('POST', `/users/${ids.users.concierge}/password`, {
      token: admin,
      body: { new_password: 'concierge-reset-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await a.closed).toBe(REALTIME_CLOSE.unauthorized);
  });

  it('a password reset by recovery link closes every socket of the account', async () => {
    const socket = await connect(origin, (await t.session('resident')).token);
    expect((await socket.subscribe(APP_CHANGES_TOPIC)).data.type).toBe('subscription.succeeded');
    const asked = await t.call('POST', '/password/recovery', { body: { email: 'resident@example.com' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('kind', '=', 'recovery')
      .where('to_address', '=', 'resident@example.com')
      .executeTakeFirstOrThrow();
    const code = /\/password\/reset\/([\w-]+)/.exec(mail.body)?.[1] ?? '';
    const reset = await t.call('POST', '/password/reset', { body: { code, password: 'resident-reset-1' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await socket.closed).toBe(REALTIME_CLOSE.unauthorized);
  });
});
