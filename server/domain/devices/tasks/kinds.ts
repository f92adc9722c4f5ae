import type { DeviceTaskKind } from '../../../../src/contract/entities/device-task';
import type { RequestKind } from '../../../mqtt/protocol';

/** The request of docs/device-protocol.md each task kind sends. */
export const REQUEST_OF: Record<DeviceTaskKind, RequestKind> = {
  init: 'init',
  'settings.apply': 'settings.apply',
  'sync.identifiers': 'sync',
  'sync.schedules': 'sync',
  'emergency.play': 'emergency.play',
  'emergency.stop': 'emergency.stop',
};

/** Device init (§2.5): first contact, then everything the device should hold, in this order. */
export const INIT_BATCH: readonly DeviceTaskKind[] = ['init', 'settings.apply', 'sync.identifiers', 'sync.schedules'];

/** Requests that take a while on a device (lists of thousands): their answer is awaited longer. */
export const REQUEST_TIMEOUT_MS: Partial<Record<DeviceTaskKind, number>> = {
  'sync.identifiers': 30_000,
  'sync.schedules': 30_000,
};
