import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LifeDevice, startDemoLife } from '../../server/simulator/demo-life';
import { decideFromLists, type SyncItem } from '../../server/simulator/devices/access-decision';
import type { DeviceType } from '../../src/contract/constants';
import type { AlarmSensor } from '../../src/contract/entities/device-alarm';

/**
 * The living demo's schedule (server/simulator/demo-life.ts) with fake timers and a scripted
 * random source: what each tick asks which device to do, and when.
 */

/** Door list items (server/domain/access/decide/door-items.ts): a rule on relay 1, no schedule. */
const item = (id: string, type: string, revoked = false): SyncItem => ({
  id,
  type,
  value: id,
  active: true,
  revoked,
  owner_id: null,
  owner_disabled: false,
  period: null,
  passes: null,
  locks: { allowed: [1], prohibited: [] },
  rules: [{ id: 1, prohibition: false, via: { kind: 'identifier' }, locks: [1], schedule_ids: [] }],
});
const LISTS: SyncItem[] = [
  item('CARD-1001', 'card'),
  item('CARD-1002', 'card'),
  item('CARD-1099', 'card', true),
  item('AB1234', 'plate'),
  item('CD5678', 'plate'),
];

/** A device that writes down what it is asked, deciding access from LISTS like the simulator. */
function fakeDevice(serial: string, type: DeviceType, did: string[]): LifeDevice {
  const identifiers = new Map(LISTS.map((item) => [item.id, item]));
  const decide = (identifier: string) =>
    decideFromLists({ identifier, relay: 1, at: new Date(), identifiers, schedules: new Map() });
  let alarms = 0;
  const device = {
    serial,
    profile: { type },
    connected: true,
    floorMap: type === 'liftcontroller' ? [{ floor: 1, is_panel_floor: true }, { floor: 2 }, { floor: 3 }] : [],
    lists: { identifiers },
    present(identifier: string, relay = 1) {
      const decision = decide(identifier);
      did.push(`${serial} present ${identifier} relay ${relay} → ${decision.granted ? 'granted' : decision.reason}`);
      return decision;
    },
    readPlate(plate: string) {
      const decision = decide(plate);
      did.push(`${serial} plate ${plate} → ${decision.granted ? 'granted' : decision.reason}`);
      return decision;
    },
    callLift(floor: number, identifier?: string) {
      did.push(`${serial} lift ${floor} by ${identifier}`);
      return { granted: true } as const;
    },
    pressButton(button: number) {
      did.push(`${serial} button ${button}`);
    },
    raiseAlarm(sensor: AlarmSensor) {
      did.push(`${serial} raise ${sensor}`);
      return `${serial}-alarm-${++alarms}`;
    },
    clearAlarm(alarmId: string) {
      did.push(`${serial} clear ${alarmId}`);
      return true;
    },
    dropConnection() {
      device.connected = false;
      did.push(`${serial} offline`);
    },
    reconnect() {
      device.connected = true;
      did.push(`${serial} online`);
      return Promise.resolve();
    },
  };
  return device;
}

/** The given values in order; the test fails if the schedule asks for more than it planned. */
function scripted(values: number[]) {
  let next = 0;
  return () => {
    if (next >= values.length) throw new Error(`random asked a ${next + 1}th time`);
    return values[next++] as number;
  };
}

describe('demo life', () => {
  let did: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    did = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('every jittered period someone does one thing at a device that can do it', () => {
    const devices = [
      fakeDevice('PANEL', 'panel', did),
      fakeDevice('AC1', 'accesscontroller', did),
      fakeDevice('CAM', 'ip_camera', did),
      fakeDevice('LIFT', 'liftcontroller', did),
    ];
    const life = startDemoLife({
      devices,
      periodS: 10,
      random: scripted([
        // start: first doing after 0.5 periods, first outage after 15, first alarm after 30
        0, 0, 0,
        // 5 s: identifier (roll 0 of 10), at AC1 (second of panel+controller), allowed, first card; next in 1 period
        0, 0.6, 0.5, 0, 0.5,
        // 15 s: plate (roll 5.5), the camera, a stranger (0.1 < 0.2), none enrolled; next in 0.5 periods
        0.55, 0, 0.1, 0, 0,
        // 20 s: lift (roll 7.5), the lift, floor 3 (second of the non-panel floors 2 and 3), first card; next 0.5
        0.75, 0, 0.5, 0, 0,
        // 25 s: button (roll 9.5) at the panel; next in 1 period
        0.95, 0, 0.5,
        // 35 s: identifier at the panel, denied (0.1): the blocked card; next in 0.5 periods
        0, 0, 0.1, 0, 0,
      ]),
    });
    vi.advanceTimersByTime(4_999);
    expect(did).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(did).toEqual(['AC1 present CARD-1001 relay 1 → granted']);
    vi.advanceTimersByTime(10_000);
    expect(did.slice(1)).toEqual(['CAM plate XX000X → unknown_identifier']);
    vi.advanceTimersByTime(5_000);
    expect(did.slice(2)).toEqual(['LIFT lift 3 by CARD-1001']);
    vi.advanceTimersByTime(5_000);
    expect(did.slice(3)).toEqual(['PANEL button 1']);
    vi.advanceTimersByTime(9_999);
    expect(did).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(did.slice(4)).toEqual(['PANEL present CARD-1099 relay 1 → revoked']);
    life.stop();
    vi.advanceTimersByTime(3_600_000);
    expect(did).toHaveLength(5);
  });

  it('now and then a device drops off and is back 3 periods later; an alarm is raised and cleared later', () => {
    const controller = fakeDevice('AC1', 'accesscontroller', did);
    // 0.5 each time: doings every period, outages every 22.5 periods, alarms every 45 lasting 10.5.
    const life = startDemoLife({ devices: [controller], periodS: 10, random: () => 0.5 });
    const offStage = () => did.filter((line) => !line.includes('present'));

    vi.advanceTimersByTime(224_999);
    expect(offStage()).toEqual([]);
    expect(did).toHaveLength(22); // one doing a period: 10 s, 20 s, … 220 s
    vi.advanceTimersByTime(1);
    expect(offStage()).toEqual(['AC1 offline']);
    expect(controller.connected).toBe(false);
    vi.advanceTimersByTime(29_999);
    expect(offStage()).toEqual(['AC1 offline']);
    vi.advanceTimersByTime(1);
    expect(offStage()).toEqual(['AC1 offline', 'AC1 online']);

    vi.advanceTimersByTime(450_000 - 255_000);
    // 450 s: the first alarm (sensor 3 of smoke, door, flood, panic, …; its timer is the older) and the next outage
    expect(offStage()).toEqual(['AC1 offline', 'AC1 online', 'AC1 raise panic', 'AC1 offline']);
    vi.advanceTimersByTime(555_000 - 450_000 - 1);
    expect(offStage()).not.toContain('AC1 clear AC1-alarm-1');
    vi.advanceTimersByTime(1);
    expect(offStage()).toContain('AC1 clear AC1-alarm-1');
    life.stop();
  });

  it('an outage takes only a device that is online', () => {
    const away = fakeDevice('AC1', 'accesscontroller', did);
    away.dropConnection();
    did.length = 0;
    const online = fakeDevice('AC2', 'accesscontroller', did);
    const life = startDemoLife({ devices: [away, online], periodS: 10, random: () => 0 });
    // 0 each time: doings every half period at AC1 (a device offline still decides), outages every 15 periods.
    vi.advanceTimersByTime(150_000);
    expect(did.filter((line) => !line.includes('present'))).toEqual(['AC2 offline']);
    life.stop();
  });

  it('with no devices nothing is scheduled; stop clears every timer', () => {
    startDemoLife({ devices: [], periodS: 10, random: () => 0.5 });
    expect(vi.getTimerCount()).toBe(0);
    const life = startDemoLife({ devices: [fakeDevice('AC1', 'accesscontroller', did)], periodS: 10 });
    expect(vi.getTimerCount()).toBe(3);
    life.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
