import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { manualClock } from '../support/clock';
import { eventually } from '../support/devices';
import { demoIds } from '../support/project-users';

/**
 * A reservation's QR at a real (simulated) door (issue 13): the booking reaches the amenity's
 * door as a device sync; the door, deciding alone from what it holds, opens to the QR during the
 * booked slots only — not before, not between them, not after — and never to its holder's other
 * doors. Cancelling and expiry take it off the door. Monday 2030-03-04, 07:00 UTC.
 */
const H = 3600;
const MONDAY = '2030-03-04';
const at = (time: string) => new Date(`${MONDAY}T${time}Z`);

describe.each(dialects)('amenity reservation at the door (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let resident = '';
  let door: SimulatedDevice;
  let doorId = 0;
  let gym = 0;
  const clock = manualClock(at('07:00:00'));

  /** The door has run every sync task made for it so far. */
  const synced = () =>
    eventually(async () => {
      const open = await t.db
        .selectFrom('device_tasks')
        .select('id')
        .where('device_id', '=', doorId)
        .where('status', 'not in', ['completed', 'stopped', 'error'])
        .execute();
      return open.length === 0;
    });
  const book = async (slots: number[]) => {
    const res = await t.call('PUT', '/amenities/reservations', {
      token: resident,
      body: {
        amenity_id: gym,
        date: MONDAY,
        time_slots: slots.map((h) => ({ from: h * H, to: (h + 1) * H })),
        number_of_persons: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data as number;
    const item = (await t.call('GET', `/amenities/reservations/${id}`, { token: resident })).json().data;
    return { id, qr: item.identifier.value as string };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, clock, brokerPorts: { port: 0, websocketPort: null } });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    resident = (await t.session('resident')).token;
    const ids = await demoIds(t);
    const status = await t.call('GET', '/broker/status', { token: admin });
    const tcp = status.json().data.listeners.find((l: { protocol: string }) => l.protocol === 'mqtt');
    const serial = `GYM-${dialect}`;
    const made = await t.call('PUT', '/devices', {
      token: admin,
      body: {
        name: 'Gym door',
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
      url: `mqtt://127.0.0.1:${tcp.port}`,
      serial,
      password: `pw-${serial}`,
      kind: 'accesscontroller',
      reconnectMs: 100,
    });
    await door.start();
    await eventually(() => t.app.ctx.deviceLink.isOnline(serial));
    const rule = await t.call('PUT', '/access-rules', {
      token: admin,
      body: { name: 'Gym door', devices: [{ id: doorId, lock_number: 1 }] },
    });
    const amenity = await t.call('PUT', '/amenities', {
      token: admin,
      body: {
        name: 'Gym',
        domains: [ids.groups['Building A']],
        access_rules: [rule.json().data],
        time_slots: { duration: H, items: [{ days: ['mon'], from: 8 * H, to: 12 * H }] },
      },
    });
    gym = amenity.json().data;
  });
  afterAll(async () => {
    await door.stop();
    await t.close();
  });

  it('opens to the QR in its slots only; the holder’s other doors never open to it', async () => {
    const { qr } = await book([8, 10]);
    await synced();
    expect(door.lists.identifiers.has(`qr:${qr}`)).toBe(true);
    expect(door.present(qr, 1, at('07:59:59'))).toEqual({ granted: false, reason: 'not_yet_valid' });
    expect(door.present(qr, 1, at('08:00:00'))).toEqual({ granted: true });
    expect(door.present(qr, 1, at('08:59:59'))).toEqual({ granted: true });
    expect(door.present(qr, 1, at('09:30:00'))).toEqual({ granted: false, reason: 'not_yet_valid' });
    expect(door.present(qr, 1, at('10:15:00'))).toEqual({ granted: true });
    expect(door.present(qr, 1, at('11:00:00'))).toEqual({ granted: false, reason: 'expired' });
    // Another lock of the same device is not the amenity's door.
    expect(door.present(qr, 2, at('08:30:00')).granted).toBe(false);
    // The server's explain agrees; and the entrance (Rita's own rule) does not open to the QR.
    const explain = async (device: number, time: string) =>
      (
        await t.call(
          'GET',
          `/access/explain?device_id=${device}&identifier_type=qr&identifier_value=${qr}&at=${MONDAY}T${time}Z`,
          {
            token: admin,
          },
        )
      ).json().data;
    expect((await explain(doorId, '08:30:00')).reason).toBe('granted');
    expect((await explain(doorId, '09:30:00')).reason).toBe('not_yet_valid');
    const entrance = await t.db
      .selectFrom('devices')
      .select('id')
      .where('name', '=', 'Entrance panel')
      .executeTakeFirstOrThrow();
    expect((await explain(entrance.id, '08:30:00')).granted).toBe(false);
  });

  it('cancelling takes the QR off the door', async () => {
    const { id, qr } = await book([9]);
    await synced();
    expect(door.present(qr, 1, at('09:30:00'))).toEqual({ granted: true });
    expect((await t.call('POST', `/amenities/reservations/${id}/cancel`, { token: resident })).statusCode).toBe(200);
    await synced();
    expect(door.lists.identifiers.has(`qr:${qr}`)).toBe(false);
    expect(door.present(qr, 1, at('09:30:00'))).toEqual({ granted: false, reason: 'unknown_identifier' });
  });

  it('expiry takes it off the door: the scheduler revokes it and the door syncs', async () => {
    const { qr } = await book([11]);
    await synced();
    expect(door.lists.identifiers.has(`qr:${qr}`)).toBe(true);
    clock.advance(5 * H); // 12:00
    await t.app.reservationScheduler.tick();
    await synced();
    expect(door.lists.identifiers.has(`qr:${qr}`)).toBe(false);
  });
});
