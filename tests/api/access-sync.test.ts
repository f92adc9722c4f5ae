import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  devicesForGroupMembership,
  devicesForIdentifier,
  devicesForRule,
  devicesForSchedule,
  devicesForUser,
} from '../../server/domain/access/sync/affected';
import { requestAccessSync } from '../../server/domain/access/sync/request';
import { bodiesOf } from '../../server/domain/devices/tasks/payloads';
import { listForDevice, syncListReader } from '../../server/domain/devices/tasks/sync-lists';
import { MAX_PAYLOAD_BYTES } from '../../server/mqtt/protocol';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { clearDemoAccess, insertIdentifier, insertRule, insertTimeRule } from '../support/access-rows';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { brokerUrlOf, eventually } from '../support/devices';
import { addProjectUser, demoIds } from '../support/project-users';

/**
 * What doors hold and how changes reach them (issue 12): the identifiers and schedules lists
 * compiled for a device, the devices a change reaches, sync tasks deduplicated over a burst of
 * edits, and a simulated door that was offline when a card was revoked refusing it once back.
 */
describe.each(dialects)('access sync (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let url = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let entrance = 0;
  let resident = 0;
  const sims: SimulatedDevice[] = [];
  let serials = 0;

  const makeDoor = async (start = true) => {
    const serial = `ACS-${dialect}-${++serials}`;
    const password = `pw-${serial}`;
    const res = await t.call('PUT', '/devices', {
      token: admin,
      body: {
        name: serial,
        serial_number: serial,
        type: 'accesscontroller',
        protocol: 'mqtt',
        domain_id: ids.groups['Building A'],
        device_settings: { mqtt_password: password },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sim = new SimulatedDevice({ url, serial, password, kind: 'accesscontroller', reconnectMs: 100 });
    sims.push(sim);
    if (start) {
      await sim.start();
      await eventually(() => t.app.ctx.deviceLink.isOnline(serial));
    }
    return { id: res.json().data as number, serial, sim };
  };
  const pendingSyncs = async (deviceId: number) =>
    (
      await t.db
        .selectFrom('device_tasks')
        .select(['kind', 'status'])
        .where('device_id', '=', deviceId)
        .where('kind', 'in', ['sync.identifiers', 'sync.schedules'])
        .where('status', 'not in', ['completed', 'stopped', 'error'])
        .orderBy('id')
        .execute()
    ).map((r) => `${r.kind}:${r.status}`);
  const completed = async (deviceId: number) =>
    (
      await t.db
        .selectFrom('device_tasks')
        .select('id')
        .where('device_id', '=', deviceId)
        .where('status', '=', 'completed')
        .execute()
    ).length;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    await clearDemoAccess(t);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    url = await brokerUrlOf(t, admin);
    ids = await demoIds(t);
    const child = await t.db
      .selectFrom('domains')
      .select('id')
      .where('parent_id', '=', ids.groups['Building A'] as number)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    entrance = Number(child.id);
    resident = (await addProjectUser(t, { login: `sync-resident-${dialect}`, permissions: [], group: 'Building A' }))
      .id;
    await t.db.updateTable('user_domains').set({ domain_id: entrance }).where('user_id', '=', resident).execute();
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await t.close();
  });

  it('compiles a door’s identifiers (keys, rules, locks, schedules, revoked flagged) and schedules (with the calendar)', async () => {
    const { id: door } = await makeDoor(false);
    const hours = await insertTimeRule(t, ids.projectId, 'Working hours', { from: 32400, to: 64800 });
    await t.db
      .insertInto('project_days')
      .values({ project_id: ids.projectId, date: '2026-12-25', day_type: 'holiday', name: 'Christmas' })
      .execute();
    const card = await insertIdentifier(t, ids.projectId, { value: 'S-1', owner_id: resident });
    const revoked = await insertIdentifier(t, ids.projectId, {
      value: 'S-2',
      owner_id: resident,
      revoked_at: '2026-01-01T00:00:00Z',
    });
    const guest = await insertIdentifier(t, ids.projectId, {
      type: 'qr',
      value: 'G-1',
      owner_type: 'guest',
      owner_id: resident,
      period: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      passes: { max: 5, used: 1 },
    });
    await insertIdentifier(t, ids.projectId, { value: 'S-3' }); // reached by no rule: not listed
    const residents = await insertRule(t, ids.projectId, {
      name: 'Residents',
      doors: [
        { device_id: door, lock: 1 },
        { device_id: door, lock: 2 },
      ],
      groups: [ids.groups['Building A'] as number],
      time_rules: [hours],
    });
    const guests = await insertRule(t, ids.projectId, {
      name: 'Guests',
      doors: [{ device_id: door, lock: 1 }],
      identifiers: [guest],
    });
    const ban = await insertRule(t, ids.projectId, {
      name: 'No lock 2',
      prohibition: true,
      doors: [{ device_id: door, lock: 2 }],
      identifiers: [card],
    });
    const base = { active: true, owner_disabled: false, period: null, passes: null };
    const { items } = await listForDevice(t.db, door, 'identifiers');
    expect(items).toEqual([
      {
        ...base,
        id: 'card:S-1',
        type: 'card',
        value: 'S-1',
        revoked: false,
        owner_id: resident,
        locks: { allowed: [1, 2], prohibited: [2] },
        rules: [
          {
            id: residents,
            prohibition: false,
            via: { kind: 'group', group_id: ids.groups['Building A'] },
            locks: [1, 2],
            schedule_ids: [hours],
          },
          { id: ban, prohibition: true, via: { kind: 'identifier' }, locks: [2], schedule_ids: [] },
        ],
      },
      {
        ...base,
        id: 'card:S-2',
        type: 'card',
        value: 'S-2',
        revoked: true,
        owner_id: resident,
        locks: { allowed: [1, 2], prohibited: [] },
        rules: [
          {
            id: residents,
            prohibition: false,
            via: { kind: 'group', group_id: ids.groups['Building A'] },
            locks: [1, 2],
            schedule_ids: [hours],
          },
        ],
      },
      {
        ...base,
        id: 'qr:G-1',
        type: 'qr',
        value: 'G-1',
        revoked: false,
        owner_id: null,
        period: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
        passes: { max: 5, used: 1 },
        locks: { allowed: [1], prohibited: [] },
        rules: [{ id: guests, prohibition: false, via: { kind: 'identifier' }, locks: [1], schedule_ids: [] }],
      },
    ]);
    expect(revoked).toBeGreaterThan(0);
    const schedules = await listForDevice(t.db, door, 'schedules');
    expect(schedules.items).toEqual([
      {
        id: String(hours),
        name: 'Working hours',
        definition: { from: 32400, to: 64800 },
        time_zone: 'UTC',
        days: { '2026-12-25': 'holiday' },
      },
    ]);
    expect(schedules.entities).toEqual([{ type: 'schedule', id: hours, name: 'Working hours' }]);
    expect(await listForDevice(t.db, 999_999, 'identifiers')).toEqual({ items: [], entities: [] });
  });

  it('finds the devices a change reaches: a rule, a schedule, an identifier, a user, a membership', async () => {
    const a = (await makeDoor(false)).id;
    const b = (await makeDoor(false)).id;
    const c = (await makeDoor(false)).id;
    const owner = (await addProjectUser(t, { login: `owner-${dialect}`, permissions: [], group: 'Building A' })).id;
    await t.db.deleteFrom('user_domains').where('user_id', '=', owner).execute(); // in no group yet
    const card = await insertIdentifier(t, ids.projectId, { value: `AFF-${dialect}`, owner_id: owner });
    const night = await insertTimeRule(t, ids.projectId, 'Night');
    const byCard = await insertRule(t, ids.projectId, {
      name: 'By card',
      doors: [{ device_id: a, lock: 1 }],
      identifiers: [card],
    });
    await insertRule(t, ids.projectId, {
      name: 'By user',
      doors: [{ device_id: b, lock: 3 }],
      users: [owner],
      time_rules: [night],
    });
    await insertRule(t, ids.projectId, { name: 'Elsewhere', doors: [{ device_id: c, lock: 1 }], users: [resident] });
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    expect(await devicesForRule(t.db, byCard)).toEqual([a]);
    expect(await devicesForSchedule(t.db, night)).toEqual([b]);
    expect(sorted(await devicesForIdentifier(t.db, card))).toEqual(sorted([a, b]));
    expect(await devicesForUser(t.db, owner)).toEqual([b]);
    // The owner joins Building A: every rule on Building A (the first test's door) reaches them now.
    await t.db
      .insertInto('user_domains')
      .values({ user_id: owner, domain_id: ids.groups['Building A'] as number })
      .execute();
    const viaGroup = await devicesForGroupMembership(t.db, owner, entrance);
    expect(viaGroup).toHaveLength(1); // the rule on Building A, above the entrance
    expect(await devicesForGroupMembership(t.db, owner, ids.groups['Building A'] as number)).toEqual(viaGroup);
    // A user with no identifiers changes nothing a door holds.
    const bare = (await addProjectUser(t, { login: `bare-${dialect}`, permissions: [], group: 'Building A' })).id;
    await insertRule(t, ids.projectId, { name: 'Bare', doors: [{ device_id: c, lock: 2 }], users: [bare] });
    expect(await devicesForUser(t.db, bare)).toEqual([]);
  });

  it('a burst of 100 edits makes one pending sync per list for each device', async () => {
    const offline = await makeDoor(false);
    const other = await makeDoor(false);
    let made = 0;
    for (let i = 0; i < 100; i++)
      made += (await requestAccessSync(t.app.ctx, ids.projectId, [offline.id, other.id])).length;
    expect(made).toBe(4);
    await eventually(async () => (await pendingSyncs(offline.id)).every((s) => s.endsWith(':waiting')), 5_000);
    expect(await pendingSyncs(offline.id)).toEqual(['sync.identifiers:waiting', 'sync.schedules:waiting']);
    expect(await pendingSyncs(other.id)).toEqual(['sync.identifiers:waiting', 'sync.schedules:waiting']);
    // Only the identifiers list: nothing new, one is already waiting.
    expect(await requestAccessSync(t.app.ctx, ids.projectId, [offline.id], ['identifiers'])).toEqual([]);
    // A device of another project is not synced from this one.
    expect(await requestAccessSync(t.app.ctx, ids.projectId + 1000, [offline.id])).toEqual([]);
  });

  it('a door offline when a card is revoked still opens for it, and refuses it once it returns', async () => {
    const { id, serial, sim } = await makeDoor();
    const card = await insertIdentifier(t, ids.projectId, { value: `REV-${dialect}`, owner_id: resident });
    await insertRule(t, ids.projectId, {
      name: 'Revocation door',
      doors: [{ device_id: id, lock: 1 }],
      users: [resident],
    });
    const init = await t.call('POST', `/devices/init/${id}`, { token: admin });
    expect(init.statusCode, init.body).toBe(200);
    await eventually(async () => (await completed(id)) === 4, 10_000);
    expect(sim.present(`REV-${dialect}`)).toEqual({ granted: true });
    expect(sim.present(`card:REV-${dialect}`, 2)).toEqual({ granted: false, reason: 'no_rule' });

    sim.dropConnection();
    await eventually(() => !t.app.ctx.deviceLink.isOnline(serial));
    await t.db
      .updateTable('identifiers')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', card)
      .execute();
    for (let i = 0; i < 10; i++)
      await requestAccessSync(t.app.ctx, ids.projectId, await devicesForIdentifier(t.db, card));
    await eventually(async () => (await pendingSyncs(id)).join() === 'sync.identifiers:waiting,sync.schedules:waiting');
    expect(sim.present(`REV-${dialect}`)).toEqual({ granted: true }); // what it holds: the card before the revocation

    await sim.reconnect();
    await eventually(() => t.app.ctx.deviceLink.isOnline(serial));
    await eventually(async () => (await completed(id)) === 6, 10_000);
    expect(sim.present(`REV-${dialect}`)).toEqual({ granted: false, reason: 'revoked' });
    expect(sim.present('NOBODY')).toEqual({ granted: false, reason: 'unknown_identifier' });
  });

  it('a door list longer than one payload goes in parts; the door takes it whole at the last', async () => {
    const { id, sim } = await makeDoor();
    const count = 1500; // ≈ 290 bytes a card: past MAX_PAYLOAD_BYTES (256 KiB) in one message
    const rule = await insertRule(t, ids.projectId, { name: 'Long list', doors: [{ device_id: id, lock: 1 }] });
    const stamp = new Date().toISOString();
    for (let from = 0; from < count; from += 250) {
      const rows = await t.db
        .insertInto('identifiers')
        .values(
          Array.from({ length: 250 }, (_, k) => ({
            project_id: ids.projectId,
            type: 'card',
            value: `LONG-${dialect}-${from + k}`,
            owner_type: 'owner' as const,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .returning('id')
        .execute();
      await t.db
        .insertInto('access_rule_identifiers')
        .values(rows.map((r) => ({ access_rule_id: rule, identifier_id: Number(r.id) })))
        .execute();
    }
    const request = vi.spyOn(t.app.ctx.deviceLink, 'request');
    try {
      await requestAccessSync(t.app.ctx, ids.projectId, [id], ['identifiers']);
      await eventually(async () => (await pendingSyncs(id)).length === 0 && (await completed(id)) === 1, 10_000);
      const parts = request.mock.calls.filter(([, kind, body]) => kind === 'sync' && body?.list === 'identifiers');
      expect(parts.length).toBeGreaterThan(1);
      parts.forEach(([, , body], k) => {
        expect(body).toMatchObject({ mode: 'full', part: k + 1, parts: parts.length });
        expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(MAX_PAYLOAD_BYTES);
      });
      expect(parts.reduce((n, [, , body]) => n + ((body?.items as unknown[] | undefined)?.length ?? 0), 0)).toBe(count);
    } finally {
      request.mockRestore();
    }
    expect(sim.lists.identifiers.size).toBe(count);
    expect(sim.present(`LONG-${dialect}-${count - 1}`)).toMatchObject({ granted: true });
  });
  it('doors with the same rules and locks share one compiled list; a door with others gets its own; a rule change reaches exactly its doors', async () => {
    const [a, b, c] = [await makeDoor(), await makeDoor(), await makeDoor()];
    if (!a || !b || !c) throw new Error('doors not made');
    const shared = await insertIdentifier(t, ids.projectId, { value: `SHARED-${dialect}` });
    const own = await insertIdentifier(t, ids.projectId, { value: `OWN-${dialect}` });
    const added = await insertIdentifier(t, ids.projectId, { value: `ADDED-${dialect}` });
    const everyone = await insertRule(t, ids.projectId, {
      name: 'Shared doors',
      doors: [a, b, c].map((d) => ({ device_id: d.id, lock: 1 })),
      identifiers: [shared],
    });
    const cOnly = await insertRule(t, ids.projectId, {
      name: 'Door C lock 2',
      doors: [{ device_id: c.id, lock: 2 }],
      identifiers: [own],
    });
    const doors = [a.id, b.id, c.id];

    // Read together (one claim): A and B hold the same inputs, so one compile and one array.
    const reader = await syncListReader(t.db, doors);
    const [listA, listB, listC] = await Promise.all(doors.map((d) => reader.list(d, 'identifiers')));
    expect(listB).toBe(listA);
    expect(listC).not.toBe(listA);
    expect(reader.compiled.identifiers).toBe(2);
    expect(listA?.map((i) => i.id)).toEqual([`card:SHARED-${dialect}`]);
    expect(listC?.map((i) => i.id)).toEqual([`card:OWN-${dialect}`, `card:SHARED-${dialect}`]);
    // Shared or not, each is exactly what that door compiled alone would hold.
    for (const [door, list] of [
      [a.id, listA],
      [b.id, listB],
      [c.id, listC],
    ] as const)
      expect(list).toEqual((await listForDevice(t.db, door, 'identifiers')).items);
    // The bodies of one claim carry that one array (cut into parts once), each with its own version.
    const bodies = await bodiesOf(
      t.db,
      doors.map((device_id, k) => ({ id: -1 - k, device_id, kind: 'sync.identifiers', payload: '{}' })),
    );
    expect(bodies.get(-2)?.items).toBe(bodies.get(-1)?.items);
    expect(bodies.get(-3)?.items).not.toBe(bodies.get(-1)?.items);
    expect(bodies.get(-1)?.items).toEqual(listA);

    // Sent: every door holds its own list.
    await requestAccessSync(t.app.ctx, ids.projectId, doors, ['identifiers']);
    await eventually(
      () =>
        a.sim.lists.identifiers.has(`card:SHARED-${dialect}`) &&
        b.sim.lists.identifiers.has(`card:SHARED-${dialect}`) &&
        c.sim.lists.identifiers.has(`card:OWN-${dialect}`),
      10_000,
    );
    for (const d of doors) await eventually(async () => (await pendingSyncs(d)).length === 0, 10_000);
    expect(a.sim.present(`OWN-${dialect}`)).toEqual({ granted: false, reason: 'unknown_identifier' });
    expect(c.sim.present(`OWN-${dialect}`, 2)).toMatchObject({ granted: true });

    // One rule changed (through the API): tasks for its door only, and only that door's list moves.
    const before = await completed(a.id);
    const last = Number(
      (
        await t.db
          .selectFrom('device_tasks')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );
    const res = await t.call('PATCH', `/access-rules/${cOnly}`, { token: admin, body: { identifiers: [own, added] } });
    expect(res.statusCode, res.body).toBe(200);
    const made = await t.db
      .selectFrom('device_tasks')
      .select(['device_id', 'kind'])
      .where('id', '>', last)
      .orderBy('kind')
      .execute();
    expect(made.map((r) => [Number(r.device_id), r.kind])).toEqual([
      [c.id, 'sync.identifiers'],
      [c.id, 'sync.schedules'],
    ]);
    await eventually(() => c.sim.lists.identifiers.has(`card:ADDED-${dialect}`), 10_000);
    expect(c.sim.present(`ADDED-${dialect}`, 2)).toMatchObject({ granted: true });
    expect(a.sim.lists.identifiers.has(`card:ADDED-${dialect}`)).toBe(false);
    expect(b.sim.present(`ADDED-${dialect}`)).toEqual({ granted: false, reason: 'unknown_identifier' });
    expect(await completed(a.id)).toBe(before);
    expect(everyone).toBeGreaterThan(0);
  });
});
