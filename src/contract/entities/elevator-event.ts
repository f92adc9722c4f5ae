import * as v from 'valibot';
import { defineEntity } from '../entity';
import { DEVICE_EVENT_EXPORT_FIELDS, DeviceEventSchema, deviceEventsEntity } from './device-event';

/**
 * Elevator events (issue 11, 7.4 `/elevators/events`): the device events of lift controllers
 * linked to an elevator (`elevator_devices`), each with its elevator. The same filters as the
 * device events list plus `elevator` (ids); seen like the elevators list (6.2) and licensed.
 */
export const ElevatorEventSchema = v.object({
  ...DeviceEventSchema.entries,
  elevator: v.object({ id: v.number(), name: v.string() }),
});
export type ElevatorEvent = v.InferOutput<typeof ElevatorEventSchema>;

export const elevatorEventsEntity = defineEntity({
  name: 'elevator_events',
  path: '/elevators/events',
  listOnly: true,
  exportable: true,
  access: { view: ['elevators.view', 'elevators.view_all'], licences: ['elevator'] },
  item: ElevatorEventSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    ...deviceEventsEntity.fields,
    elevator: { kind: 'relation', filterable: true },
  },
  search: ['device_name', 'elevator_name'],
  with: [],
  defaultSort: ['-occurred_at'],
});

/** Columns of the download: the device events' columns with the elevator after the time. */
export const ELEVATOR_EVENT_EXPORT_FIELDS = [
  ...DEVICE_EVENT_EXPORT_FIELDS.slice(0, 3),
  'elevator',
  ...DEVICE_EVENT_EXPORT_FIELDS.slice(3),
] as const;
