import { SimulatedDevice, type SimulatedDeviceOptions } from './device';
import { type DiscoveryResponder, startDiscoveryResponder } from './discovery';
import type { DeviceKind, FloorMapEntry } from './kinds';
import { loopbackAddress } from './loopback';
import { Ticker } from './ticker';

/**
 * Many simulated devices at once (demo, tests, benches): one shared Ticker for every heartbeat
 * and resend, connections opened in waves so the broker is not flooded, discovery responders
 * only where asked for (one HTTP listener each).
 */

/** One device of a fleet. */
export interface FleetDevice {
  serial: string;
  password: string;
  kind: DeviceKind;
  /** Loopback address (default: the n-th of `loopbackAddress`). */
  ip?: string;
  floorMap?: FloorMapEntry[];
}

export interface FleetOptions
  extends Pick<
    SimulatedDeviceOptions,
    'heartbeatS' | 'resendMs' | 'reconnectMs' | 'rebootDelayMs' | 'decide' | 'keepaliveS'
  > {
  url: string;
  devices: FleetDevice[];
  /** Connections opened at once (default 200). */
  connectConcurrency?: number;
  /** Period of the shared timer (default 1000 ms). */
  tickMs?: number;
  /** Each device answers the discovery probe on its ip at this port (0: any free port each). */
  discoveryPort?: number | null;
}

export interface SimulatedFleet {
  readonly devices: readonly SimulatedDevice[];
  get(serial: string): SimulatedDevice | undefined;
  /** Where each device answers discovery (empty without discoveryPort). */
  readonly discovery: readonly DiscoveryResponder[];
  connectedCount(): number;
  stop(): Promise<void>;
}

/** `count` devices named `{prefix}{n}`, kinds taken in turn, passwords from `passwordOf`. */
export function fleetDevices(
  count: number,
  options: { prefix?: string; kinds?: DeviceKind[]; passwordOf?: (serial: string) => string } = {},
): FleetDevice[] {
  const kinds = options.kinds ?? ['accesscontroller'];
  return Array.from({ length: count }, (_, n) => {
    const serial = `${options.prefix ?? 'SIM'}${String(n).padStart(6, '0')}`;
    return {
      serial,
      password: options.passwordOf?.(serial) ?? `pw-${serial}`,
      kind: kinds[n % kinds.length] as DeviceKind,
    };
  });
}

export async function startSimulatedFleet(options: FleetOptions): Promise<SimulatedFleet> {
  const ticker = new Ticker(options.tickMs ?? 1000);
  const devices = options.devices.map(
    (spec, n) =>
      new SimulatedDevice({
        ...options,
        ...spec,
        ip: spec.ip ?? loopbackAddress(n),
        ticker,
      }),
  );
  const bySerial = new Map(devices.map((device) => [device.serial, device]));
  const discovery: DiscoveryResponder[] = [];
  const stop = async () => {
    await Promise.all(devices.map((device) => device.stop()));
    await Promise.all(discovery.map((responder) => responder.close()));
    ticker.stop();
  };
  try {
    if (options.discoveryPort != null) {
      for (const device of devices) {
        discovery.push(
          await startDiscoveryResponder(device.ip, options.discoveryPort, (port) => ({
            serial_number: device.serial,
            type: device.profile.type,
            model: device.profile.model,
            firmware: 'sim-1.0',
            mac: macOf(device.serial),
            protocol: 'mqtt',
            ip: device.ip,
            port,
          })),
        );
      }
    }
    const wave = options.connectConcurrency ?? 200;
    for (let from = 0; from < devices.length; from += wave) {
      await Promise.all(devices.slice(from, from + wave).map((device) => device.start()));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    devices,
    get: (serial) => bySerial.get(serial),
    discovery,
    connectedCount: () => devices.filter((device) => device.connected).length,
    stop,
  };
}

/** A stable, locally administered MAC address made from the serial. */
export function macOf(serial: string): string {
  let hash = 0x811c9dc5;
  for (const char of serial) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const bytes = [0x02, 0x47, (hash >>> 24) & 255, (hash >>> 16) & 255, (hash >>> 8) & 255, hash & 255];
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}
