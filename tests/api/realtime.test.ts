import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/domain/auth/access-tokens';
import { resolveJwtKey } from '../../server/secrets';
import { APP_CHANGES_TOPIC, REALTIME_CLOSE, userTopic } from '../../src/contract/realtime';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';
import { connect, listening } from '../support/ws-client';

describe.each(dialects)('realtime hub (%s)', (dialect) => {
  let t: TestApp;
  let origin: string;
  const who = { admin: { token: '', id: 0 }, resident: { token: '', id: 0 }, staff: { token: '', id: 0 } };
  let staffRole = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    origin = await listening(t.app);
    for (const login of Object.keys(who) as (keyof typeof who)[]) {
      const session = await t.session(login);
      const user = await t.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
      who[login] = { token: session.token, id: user.id };
    }
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'staff')
      .where('project_id', '=', (await t.session('staff')).project.id)
      .executeTakeFirstOrThrow();
    staffRole = role.id;
  });
  afterAll(() => t.close());

  it('refuses a connection without a valid token, and tells an expired token apart', async () => {
    expect(await (await connect(origin, '')).closed).toBe(REALTIME_CLOSE.unauthorized);
    expect(await (await connect(origin, 'forged.token.here')).closed).toBe(REALTIME_CLOSE.unauthorized);
    const claims = { userId: who.staff.id, projectId: (await t.session('staff')).project.id, familyId: 'x' };
    const expired = await signAccessToken(resolveJwtKey(t.config), -10, claims);
    expect(await (await connect(origin, expired)).closed).toBe(REALTIME_CLOSE.tokenExpired);
  });

  it('lets a user subscribe to their own topic and the app topic only', async () => {
    const socket = await connect(origin, who.resident.token);
    expect((await socket.subscribe(userTopic(who.resident.id))).data.type).toBe('subscription.succeeded');
    expect((await socket.subscribe(APP_CHANGES_TOPIC)).data.type).toBe('subscription.succeeded');
    const refused = await socket.subscribe(userTopic(who.admin.id));
    expect(refused.data).toEqual({ type: 'subscription.refused', message: 'method or action prohibited' });
    expect((await socket.subscribe('private-call-management.100')).data.type).toBe('subscription.refused');
    expect((await socket.subscribe('anything')).data.type).toBe('subscription.refused');
    socket.send({ command: 'ping' });
    expect((await socket.next((m) => m.data.type === 'pong')).topic).toBe('');
    socket.close();
  });

  it('answers a malformed command with an error instead of silence', async () => {
    const socket = await connect(origin, who.resident.token);
    socket.send({ command: 'explode' } as never);
    expect((await socket.next()).data).toEqual({ type: 'error', message: 'wrong parameters' });
    socket.close();
  });

  it('delivers a RoleChangedEvent to every listener when a role is edited', async () => {
    const staff = await connect(origin, who.staff.token);
    const resident = await connect(origin, who.resident.token);
    await staff.subscribe(APP_CHANGES_TOPIC);
    await resident.subscribe(APP_CHANGES_TOPIC);
    const res = await t.call('PATCH', `/roles/${staffRole}`, { token: who.admin.token, body: { description: 'x' } });
    expect(res.statusCode, res.body).toBe(200);
    for (const socket of [staff, resident]) {
      const event = await socket.next((m) => m.topic === APP_CHANGES_TOPIC);
      expect(event.data).toEqual({ type: 'RoleChangedEvent', roleId: staffRole });
      socket.close();
    }
  });

  it('tells a user their profile changed when their number is edited or their role or groups change', async () => {
    const resident = await connect(origin, who.resident.token);
    const staff = await connect(origin, who.staff.token);
    await resident.subscribe(userTopic(who.resident.id));
    await staff.subscribe(userTopic(who.staff.id));
    const number = await t.db
      .selectFrom('sip_numbers')
      .select('id')
      .where('user_id', '=', who.resident.id)
      .executeTakeFirstOrThrow();
    const edited = await t.call('PATCH', `/sip-numbers/${number.id}`, {
      token: who.admin.token,
      body: { name: 'Rita at home' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await resident.next((m) => m.topic === userTopic(who.resident.id))).data).toEqual({
      type: 'ProfileChangedEvent',
    });
    const membership = await t.db
      .selectFrom('memberships')
      .select('role_id')
      .where('user_id', '=', who.resident.id)
      .executeTakeFirstOrThrow();
    const reassigned = await t.call('PATCH', `/users/${who.resident.id}`, {
      token: who.admin.token,
      body: { role_id: membership.role_id },
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect((await resident.next((m) => m.topic === userTopic(who.resident.id))).data.type).toBe('ProfileChangedEvent');
    // Nobody else hears of it.
    await expect(staff.next((m) => m.topic === userTopic(who.staff.id), 300)).rejects.toThrow();
    resident.close();
    staff.close();
  });

  it('lets no client speak on a server topic, not even in the client namespace', async () => {
    const a = await connect(origin, who.staff.token);
    const b = await connect(origin, who.resident.token);
    await a.subscribe(APP_CHANGES_TOPIC);
    await b.subscribe(APP_CHANGES_TOPIC);
    for (const data of [{ type: 'client-typing' }, { type: 'RoleChangedEvent', roleId: 1 }]) {
      a.send({ command: 'publish', topic: APP_CHANGES_TOPIC, data });
      expect((await a.next((m) => m.data.type === 'error')).data.message).toBe('method or action prohibited');
    }
    a.send({ command: 'publish', topic: userTopic(who.resident.id), data: { type: 'client-x' } });
    expect((await a.next((m) => m.data.type === 'error')).topic).toBe(userTopic(who.resident.id));
    // Nothing reached the other console.
    await expect(
      b.next((m) => m.data.type === 'client-typing' || m.data.type === 'RoleChangedEvent', 300),
    ).rejects.toThrow();
    a.close();
    b.close();
  });
});

describe('realtime hub: a token that expires while connected', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { ACCESS_TOKEN_TTL: '4' } });
  });
  afterAll(() => t.close());

  it('closes the socket with the token-expired code at the token end', async () => {
    const origin = await listening(t.app);
    const socket = await connect(origin, (await t.session('resident')).token);
    expect((await socket.subscribe(APP_CHANGES_TOPIC)).data.type).toBe('subscription.succeeded');
    expect(await socket.closed).toBe(REALTIME_CLOSE.tokenExpired);
  });
});

describe.runIf(dialects.includes('postgres'))('realtime across two server nodes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp('postgres');
    b = await buildTestApp('postgres', { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('an event published on one node reaches a subscriber of the other (LISTEN/NOTIFY)', async () => {
    const socket = await connect(await listening(a.app), (await a.session('resident')).token);
    await socket.subscribe(APP_CHANGES_TOPIC);
    const admin = (await b.session('admin')).token;
    const role = await b.db.selectFrom('roles').select('id').where('name', '=', 'resident').executeTakeFirstOrThrow();
    const res = await b.call('PATCH', `/roles/${role.id}`, { token: admin, body: { description: 'from b' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await socket.next((m) => m.topic === APP_CHANGES_TOPIC)).data).toEqual({
      type: 'RoleChangedEvent',
      roleId: role.id,
    });
    socket.close();
  });
});
