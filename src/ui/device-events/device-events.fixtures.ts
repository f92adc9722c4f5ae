import type { DeviceEvent } from '../../contract/entities/device-event';
import { listPageSnapshots } from '../../machines/entity-list/entity-list.fixtures';

// Times relative to now, so the list reads as today whenever the fixtures are shown.
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const panel = { id: 7, name: 'Entrance panel' };
const lift = { id: 4, name: 'Lift controller' };
const camera = { id: 5, name: 'Gate camera' };

const event = (
  id: number,
  device: DeviceEvent['device'],
  type: string,
  data: Record<string, unknown>,
): DeviceEvent => ({
  id,
  device,
  event_id: `${device.id}-1-${id}`,
  type,
  occurred_at: at(-(110 - id)),
  received_at: at(-(110 - id) + 0.01),
  data,
});

/** A few minutes at the building's devices: a blocked card, a card that opened, a plate, a lift call, an alarm. */
export const sampleEvents: DeviceEvent[] = [
  event(105, panel, 'access.denied', { identifier: 'CARD-1099', reason: 'blocked' }),
  event(104, panel, 'door.opened', { relay: 1, identifier: 'CARD-1001', reason: 'identifier' }),
  event(103, camera, 'plate.read', { plate: 'AB1234' }),
  event(102, lift, 'lift.called', { floor: 3, apartment: '301' }),
  event(101, panel, 'alarm.raised', { sensor: 'smoke' }),
];

/** Snapshots of the device events page's list, for its stories. */
export const deviceEventsPageFixtures = listPageSnapshots(sampleEvents, ['-occurred_at']);
