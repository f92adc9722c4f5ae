import * as v from 'valibot';
import { envelope } from '../call';
import { defineEntity } from '../entity';
import { CallHistoryItemSchema } from './call-history';

/**
 * Device alarms (doc 1 §3 Device alarm, §4 Alarm; doc 2 6.2, 7.4 `/alarms`): an alarm a
 * device's sensor raised. States: `enabled` while the sensor is off normal, `disabled` once the
 * device cleared it, `processed` once an operator processed it with a comment (from either
 * other state; final). `id` (also answered as `alarm_id`, the name of §3 and of the
 * /devices/alarms/:id/edit route) is the platform's; `device_alarm_id` the device's own.
 */
export const ALARM_SENSORS = [
  'smoke',
  'gas',
  'pir',
  'door',
  'window',
  'panic',
  'flood',
  'pull_cord',
  'bed_mat',
] as const;
export type AlarmSensor = (typeof ALARM_SENSORS)[number];
export const ALARM_STATES = ['enabled', 'disabled', 'processed'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
/** Longest processing comment. */
export const ALARM_COMMENT_MAX = 1000;

const ref = v.object({ id: v.number(), name: v.string() });

export const DeviceAlarmSchema = v.object({
  id: v.number(),
  alarm_id: v.number(),
  device_alarm_id: v.string(),
  device: ref,
  /** The device's group. */
  domain: v.nullable(ref),
  sensor: v.picklist(ALARM_SENSORS),
  state: v.picklist(ALARM_STATES),
  raised_at: v.nullable(v.string()),
  cleared_at: v.nullable(v.string()),
  processed_at: v.nullable(v.string()),
  processed_by: v.nullable(ref),
  comment: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
});
export type DeviceAlarm = v.InferOutput<typeof DeviceAlarmSchema>;

const ReadOnlySchema = v.object({});

export const deviceAlarmsEntity = defineEntity({
  name: 'device_alarms',
  path: '/alarms',
  access: { view: ['device_alarms.view'], delete: ['device_alarms.delete'] },
  item: DeviceAlarmSchema,
  create: ReadOnlySchema,
  patch: ReadOnlySchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    device: { kind: 'relation', filterable: true },
    sensor: { kind: 'enum', sortable: true, filterable: true },
    state: { kind: 'enum', sortable: true, filterable: true },
    raised_at: { kind: 'date', sortable: true, filterable: true },
    processed_at: { kind: 'date', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['device_name'],
  with: [],
  defaultSort: ['-created_at'],
});

/** One state change of an alarm (GET /alarms/{id}/log); `user` null: the device changed it. */
export const AlarmLogEntrySchema = v.object({
  id: v.number(),
  state: v.picklist(ALARM_STATES),
  at: v.string(),
  user: v.nullable(ref),
  comment: v.nullable(v.string()),
});
export type AlarmLogEntry = v.InferOutput<typeof AlarmLogEntrySchema>;
export const AlarmLogSchema = envelope(v.array(AlarmLogEntrySchema));

/** POST /alarms/{id}/process: the comment is required (§4: processing supplies a comment). */
export const AlarmProcessSchema = v.object({
  comment: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(ALARM_COMMENT_MAX)),
});
export type AlarmProcess = v.InferInput<typeof AlarmProcessSchema>;
export const AlarmAnswerSchema = envelope(DeviceAlarmSchema);

/**
 * SOS and alarm calls (`/devices/alarms-calls`, 2.1): the call history's SOS calls and the calls
 * devices placed (a door panel's call button, a monitor's SOS key), newest first. Read-only.
 */
export const alarmCallsEntity = defineEntity({
  name: 'alarm_calls',
  path: '/alarms/calls',
  listOnly: true,
  access: { view: ['device_alarms.view'] },
  item: CallHistoryItemSchema,
  create: ReadOnlySchema,
  patch: ReadOnlySchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    status: { kind: 'enum', sortable: true, filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    is_sos: { kind: 'boolean', sortable: true, filterable: true },
    answered_by: { kind: 'text', sortable: true, filterable: true },
    duration: { kind: 'number', sortable: true, filterable: true },
    from_number: { kind: 'text', sortable: true, filterable: true },
    to_number: { kind: 'text', sortable: true, filterable: true },
    started_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['from_number', 'to_number', 'from_name', 'to_name'],
  with: [],
  defaultSort: ['-started_at'],
});
