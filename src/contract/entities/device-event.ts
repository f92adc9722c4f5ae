import * as v from 'valibot';
import { defineEntity } from '../entity';

/**
 * Device events (issue 11, 7.4 "events list and download"): what devices report over the
 * device protocol (docs/device-protocol.md "Events"), stored once per device event id.
 * `occurred_at` is the device's clock, `received_at` the server's. The list filters by device
 * (`device` has ids), type and time (`date_from` / `date_to`, or `occurred_at` above / below); the
 * export is the download.
 */
export const DEVICE_EVENT_TYPES = [
  'door.opened',
  'identifier.used',
  'access.denied',
  'plate.read',
  'barrier.opened',
  'lift.called',
  'button.pressed',
  'sip.rebooted',
  'alarm.raised',
  'alarm.cleared',
  'backlog.dropped',
] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

const ref = v.object({ id: v.number(), name: v.string() });

export const DeviceEventSchema = v.object({
  id: v.number(),
  device: ref,
  /** The device's own id of the event. */
  event_id: v.string(),
  /** One of DEVICE_EVENT_TYPES as devices send them today; a newer device may send others. */
  type: v.string(),
  occurred_at: v.string(),
  received_at: v.string(),
  /** The event's details: identifier, reason, relay, plate, granted, floor, apartment, button, sensor, … */
  data: v.record(v.string(), v.unknown()),
});
export type DeviceEvent = v.InferOutput<typeof DeviceEventSchema>;

const ReadOnlySchema = v.object({});

export const deviceEventsEntity = defineEntity({
  name: 'device_events',
  path: '/devices/events',
  listOnly: true,
  exportable: true,
  access: { view: ['devices.view_events'] },
  item: DeviceEventSchema,
  create: ReadOnlySchema,
  patch: ReadOnlySchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    device: { kind: 'relation', filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    event_id: { kind: 'text', filterable: true },
    occurred_at: { kind: 'date', sortable: true, filterable: true },
    received_at: { kind: 'date', sortable: true, filterable: true },
    /** The time range of the page's filters (ISO instants, inclusive, on `occurred_at`). */
    date_from: { kind: 'date', filterable: true },
    date_to: { kind: 'date', filterable: true },
  },
  search: ['device_name'],
  with: [],
  defaultSort: ['-occurred_at'],
});

/** Columns of the download (a spreadsheet row per event, details spread into columns). */
export const DEVICE_EVENT_EXPORT_FIELDS = [
  'id',
  'occurred_at',
  'received_at',
  'device',
  'type',
  'identifier',
  'reason',
  'relay',
  'plate',
  'floor',
  'sensor',
  'event_id',
] as const;
