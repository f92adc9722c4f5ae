import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { GUEST_KEYS_TOPIC } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { brokerUrlOf, eventually } from '../support/devices';
import { demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * Passes counted at the doors (issue 12, identifiers with a pass restriction): a simulated door
 * admits a card of max_count 2 twice, the server counts both from the door's events, syncs the
 * door at the limit, and the door refuses the third presentation with pass_limit, as explain
 * says. A guest key opened from the guest page counts once (the door's `door.opened` of that open
 * is not a pass again); presented at the door it counts, and its granter's console hears it.
 */
describe.each(dialects)('passes counted at doors (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let door: SimulatedDevice;
  let doorId = 0;
  let rule = 0;
  const serial = `PASS-${dialect}`;

  /** The door has run every task made for it so far. */
  const synced = () =>
    eventually(async () => {
      const open = await t.db
        .selectFrom('device_tasks')
        .select('id')
        .where('device_id', '=', doorId)
        .where('status', 'not in', ['completed', 'stopped', 'error'])
        .execute();
      return open.length === 0;
    }, 10_000);
  const passesOf = async (id: number) =>
    Number(
      (await t.db.selectFrom('identifiers').select('passes_count').where('id', '=', id).executeTakeFirstOrThrow())
        .passes_count,
    );
  const accessEvents = async (id: number) =>
    (
      await t.db
        .selectFrom('access_events')
        .select(['granted', 'reason'])
        .where('identifier_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((r) => `${Number(r.granted) === 1 ? 'granted' : 'denied'}:${r.reason}`);

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    const ids = await demoIds(t);
    const made = await t.call('PUT', '/devices', {
      token: admin,
      body: {
        name: 'Bike room',
        serial_number: serial,
        type: 'accesscontroller',
        protocol: 'mqtt',
        domain_id: ids.groups['Building A'],
        device_settings: { mqtt_password: `pw-${serial}` },
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    doorId = made.json().data;
    door = new SimulatedDevice({
      url: await brokerUrlOf(t, admin),
      serial,
      password: `pw-${serial}`,
      kind: 'accesscontroller',
      reconnectMs: 100,
    });
    await door.start();
    await eventually(() => t.app.ctx.deviceLink.isOnline(serial));
    const made2 = await t.call('PUT', '/access-rules', {
      token: admin,
      body: { name: 'Bike room', devices: [{ id: doorId, lock_number: 1 }] },
    });
    expect(made2.statusCode, made2.body).toBe(200);
    rule = made2.json().data;
  });
  afterAll(async () => {
    await door.stop();
    await t.close();
  });

  it('counts a card’s passes from the door’s events; at its limit the door refuses it with pass_limit', async () => {
    const ids = await demoIds(t);
    const res = await t.call('PUT', '/identifiers', {
      token: admin,
      body: {
        type: 'card',
        value: '7700123',
        owner_id: ids.users.resident,
        access_rules: [rule],
        passes_restrict: { active: true, max_count: 2 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().data as number;
    await synced();
    expect(door.lists.identifiers.has('card:7700123')).toBe(true);
    const lastTask = await t.db
      .selectFrom('device_tasks')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();

    expect(door.present('7700123')).toMatchObject({ granted: true });
    await eventually(async () => (await passesOf(card)) === 1);
    expect(door.present('7700123')).toMatchObject({ granted: true });
    await eventually(async () => (await passesOf(card)) === 2);
    // At the limit the server syncs the door (it still held the count it was sent: 0).
    await eventually(async () => {
      const tasks = await t.db
        .selectFrom('device_tasks')
        .select('id')
        .where('device_id', '=', doorId)
        .where('kind', '=', 'sync.identifiers')
        .where('status', '=', 'completed')
        .where('id', '>', Number(lastTask.id ?? 0))
        .execute();
      return tasks.length === 1;
    }, 10_000);
    await synced();
    expect(door.present('7700123')).toMatchObject({ granted: false, reason: 'pass_limit' });
    await eventually(async () => (await accessEvents(card)).length === 3);
    expect(await accessEvents(card)).toEqual(['granted:granted', 'granted:granted', 'denied:pass_limit']);
    // A denial is no pass.
    expect(await passesOf(card)).toBe(2);

    const explain = await t.call('GET', `/access/explain?${q({ device_id: doorId, lock: 1, identifier_id: card })}`, {
      token: admin,
    });
    expect(explain.statusCode, explain.body).toBe(200);
    expect(explain.json().data).toMatchObject({ granted: false, reason: 'pass_limit' });
  });

  it('a guest page open counts once; the key at the door counts and its granter hears it', async () => {
    const granted = await t.call('PUT', '/identifiers/guest', {
      token: admin,
      body: { name: 'Courier', access_rules: [rule], passes_restrict: { active: true, max_count: 5 } },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const keyId = granted.json().data as number;
    const key = (await t.call('GET', `/guest-access/keys/${keyId}`, { token: admin })).json().data;
    await synced();
    const doors = (await t.call('GET', `/guest-access/${key.key_uid}/access-rules`)).json().data;
    const token = doors.find((d: { name: string }) => d.name === 'Bike room').device_token;
    const before = await t.db.selectFrom('device_events').select('id').where('device_id', '=', doorId).execute();

    const opened = await t.call('POST', `/guest-access/${key.key_uid}/open/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.passes).toEqual({ max: 5, used: 1, left: 4 });
    // The door's event of that open is stored, and the pass is not counted again.
    await eventually(async () => {
      const events = await t.db
        .selectFrom('device_events')
        .select(['type', 'data'])
        .where('device_id', '=', doorId)
        .where('id', 'not in', before.length > 0 ? before.map((e) => e.id) : [0])
        .execute();
      return events.some((e) => {
        const data = (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as { reason?: string };
        return e.type === 'door.opened' && data.reason === 'guest';
      });
    });
    expect(await passesOf(keyId)).toBe(1);

    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    try {
      expect(door.present(key.value)).toMatchObject({ granted: true });
      await eventually(async () => (await passesOf(keyId)) === 2);
      await eventually(() =>
        publish.mock.calls.find(
          ([topic, event]) =>
            topic === GUEST_KEYS_TOPIC &&
            (event as { passes_restrict?: { passes_count: number } }).passes_restrict?.passes_count === 2,
        ),
      );
      expect(publish).toHaveBeenCalledWith(
        GUEST_KEYS_TOPIC,
        {
          type: 'GuestKeyChanged',
          id: keyId,
          status: 'valid',
          passes_restrict: { active: true, max_count: 5, passes_count: 2 },
        },
        expect.objectContaining({ projectId: expect.any(Number) }),
      );
    } finally {
      publish.mockRestore();
    }
  });
});
