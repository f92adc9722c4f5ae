import type { DeviceStatus } from '../../../src/contract/entities/device';

/**
 * Where the live status of devices comes from: the device link (the MQTT broker's
 * connections and last wills) answers it; lists and items read it at request time.
 * The lead wires the link in by setting `ctx.deviceStatus`; until then nothing is
 * reachable, so every device is offline.
 */
export interface DeviceStatusSource {
  /** The status of the device with this serial number (its MQTT login). */
  statusOf(serial: string): DeviceStatus;
  /** The serial numbers online now: the list's status filter reads them as one JSON parameter. */
  onlineSerials(): Iterable<string>;
}

/** No device link: no device is reachable. */
export const NO_DEVICE_LINK: DeviceStatusSource = {
  statusOf: () => 'offline',
  onlineSerials: () => [],
};

/** A device's status: one without a serial number cannot connect. */
export const statusOfDevice = (source: DeviceStatusSource, serial: string | null): DeviceStatus =>
  serial === null ? 'offline' : source.statusOf(serial);
