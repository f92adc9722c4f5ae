import type { DeviceType } from '../../src/contract/constants';
import type { AlarmSensor } from '../../src/contract/entities/device-alarm';
import type { AccessDecision, SyncItem } from './devices/access-decision';

/**
 * What makes the demo building look lived in (GATEHOUSE_SIMULATOR_ACTIVITY): every period or so
 * (jittered) someone presents a card at the entrance or a controller (now and then an unknown or
 * blocked one, denied with its reason), a plate is read at the camera, the lift is called or a
 * panel button pressed; every 15-30 periods one device drops off the network and comes back 3
 * periods later (its events wait in its backlog meanwhile); every 30-60 periods a sensor raises an
 * alarm that clears 6-15 periods later. With the default 20 s: a doing every 10-30 s, an outage of
 * a minute every 5-10 min, an alarm every 10-20 min lasting 2-5 min.
 *
 * The random source and the timers are injected, so a test replays a schedule exactly.
 */

/** The part of a SimulatedDevice the demo drives. */
export interface LifeDevice {
  readonly serial: string;
  readonly profile: { readonly type: DeviceType };
  readonly connected: boolean;
  readonly floorMap: readonly { floor: number; is_panel_floor?: boolean }[];
  readonly lists: { readonly identifiers: ReadonlyMap<string, SyncItem> };
  present(identifier: string, relay?: number): AccessDecision;
  readPlate(plate: string): AccessDecision;
  callLift(floor: number, identifier?: string): AccessDecision;
  pressButton(button: number): void;
  raiseAlarm(sensor: AlarmSensor): string;
  clearAlarm(alarmId: string): boolean;
  dropConnection(): void;
  reconnect(): Promise<void>;
}

export interface LifeTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface DemoLifeOptions {
  devices: readonly LifeDevice[];
  /** Mean seconds between doings; outages and alarms are multiples of it. */
  periodS: number;
  /** [0, 1) like Math.random (the default). */
  random?: () => number;
  timers?: LifeTimers;
  log?: (line: string) => void;
}

export interface DemoLife {
  stop(): void;
}

/** Identifiers nobody enrolled: presented now and then, denied as unknown. */
export const STRANGER_CARD = 'CARD-STRANGER';
export const STRANGER_PLATE = 'XX000X';
/** Sensors the demo's devices carry. */
export const DEMO_SENSORS: readonly AlarmSensor[] = ['smoke', 'door', 'flood', 'panic', 'gas', 'window'];

/** In periods: [least, least + spread). */
const DOING = [0.5, 1] as const;
const OUTAGE_EVERY = [15, 15] as const;
const OUTAGE_LASTS = 3;
const ALARM_EVERY = [30, 30] as const;
const ALARM_LASTS = [6, 9] as const;
/** Share of presentations by someone not allowed in. */
const DENIED_SHARE = 0.2;

const realTimers: LifeTimers = {
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

type Doing = 'identifier' | 'plate' | 'lift' | 'button';
/** How often each doing comes, relative to the others (only those some device can do). */
const WEIGHTS: Record<Doing, number> = { identifier: 5, plate: 2, lift: 2, button: 1 };
const DOERS: Record<Doing, readonly DeviceType[]> = {
  identifier: ['panel', 'accesscontroller'],
  plate: ['ip_camera'],
  lift: ['liftcontroller'],
  button: ['panel'],
};

export function startDemoLife(options: DemoLifeOptions): DemoLife {
  const random = options.random ?? Math.random;
  const timers = options.timers ?? realTimers;
  const log = options.log ?? (() => {});
  const periodMs = options.periodS * 1000;
  const pending = new Set<unknown>();
  let stopped = false;

  const after = (periods: number, run: () => void) => {
    const handle = timers.set(
      () => {
        pending.delete(handle);
        if (!stopped) run();
      },
      Math.round(periods * periodMs),
    );
    pending.add(handle);
  };
  const between = ([least, spread]: readonly [number, number]) => least + spread * random();
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const ofTypes = (types: readonly DeviceType[]) => options.devices.filter((d) => types.includes(d.profile.type));

  /** A revoked or inactive identifier (door lists: server/domain/access/decide/door-items.ts). */
  const refused = (item: SyncItem) => item.revoked === true || item.active === false;
  /** A synced identifier the device would let in: plates for a camera, anything else elsewhere. */
  const enrolled = (device: LifeDevice, plate: boolean) =>
    [...device.lists.identifiers.values()]
      .filter((item) => !refused(item) && (item.type === 'plate') === plate)
      .map((item) => item.id);
  const blocked = (device: LifeDevice) => [...device.lists.identifiers.values()].filter(refused).map((item) => item.id);

  /** Someone allowed (mostly), or a stranger or a blocked card (the rest). */
  const someone = (device: LifeDevice, plate: boolean): string => {
    const denied = random() < DENIED_SHARE;
    const known = denied ? (plate ? [] : blocked(device)) : enrolled(device, plate);
    return pick(known) ?? (plate ? STRANGER_PLATE : STRANGER_CARD);
  };

  const doings: Record<Doing, (device: LifeDevice) => string> = {
    identifier(device) {
      const card = someone(device, false);
      const decision = device.present(card, 1);
      return `${card} at ${device.serial}: ${decision.granted ? 'granted' : `denied (${decision.reason})`}`;
    },
    plate(device) {
      const plate = someone(device, true);
      const decision = device.readPlate(plate);
      return `plate ${plate} at ${device.serial}: ${decision.granted ? 'barrier opened' : `denied (${decision.reason})`}`;
    },
    lift(device) {
      const floor = pick(device.floorMap.filter((entry) => !entry.is_panel_floor))?.floor;
      if (floor === undefined) return `${device.serial}: no floor to call`;
      const decision = device.callLift(floor, pick(enrolled(device, false)));
      return `lift to floor ${floor} at ${device.serial}: ${decision.granted ? 'called' : `denied (${decision.reason})`}`;
    },
    button(device) {
      device.pressButton(1);
      return `button 1 pressed at ${device.serial}`;
    },
  };

  const doSomething = () => {
    const possible = (Object.keys(WEIGHTS) as Doing[]).filter((doing) => ofTypes(DOERS[doing]).length > 0);
    const total = possible.reduce((sum, doing) => sum + WEIGHTS[doing], 0);
    const roll = random() * total;
    let below = 0;
    const doing =
      possible.find((d) => {
        below += WEIGHTS[d];
        return roll < below;
      }) ?? possible[possible.length - 1];
    const device = doing ? pick(ofTypes(DOERS[doing])) : undefined;
    if (doing && device) log(`Demo: ${doings[doing](device)}`);
    after(between(DOING), doSomething);
  };

  const outage = () => {
    const device = pick(options.devices.filter((d) => d.connected));
    if (device) {
      device.dropConnection();
      log(`Demo: ${device.serial} dropped off the network`);
      after(OUTAGE_LASTS, () => {
        log(`Demo: ${device.serial} is back`);
        device.reconnect().catch((error: unknown) => {
          log(`Demo: ${device.serial} could not reconnect (${error instanceof Error ? error.message : String(error)})`);
        });
      });
    }
    after(between(OUTAGE_EVERY), outage);
  };

  const alarm = () => {
    const device = pick(ofTypes(['panel', 'accesscontroller']));
    const sensor = pick(DEMO_SENSORS);
    if (device && sensor) {
      const alarmId = device.raiseAlarm(sensor);
      log(`Demo: ${sensor} alarm at ${device.serial}`);
      after(between(ALARM_LASTS), () => {
        if (device.clearAlarm(alarmId)) log(`Demo: ${sensor} alarm at ${device.serial} cleared`);
      });
    }
    after(between(ALARM_EVERY), alarm);
  };

  if (options.devices.length > 0) {
    after(between(DOING), doSomething);
    after(between(OUTAGE_EVERY), outage);
    after(between(ALARM_EVERY), alarm);
  }
  return {
    stop() {
      stopped = true;
      for (const handle of pending) timers.clear(handle);
      pending.clear();
    },
  };
}
