import * as v from 'valibot';
import { FoundDeviceInfoSchema } from './device-search';

/**
 * The realtime hub (7.10): a websocket at `${API_BASE}/ws?access_token=…`.
 * The client sends commands; the server sends messages `{ topic, data }` where
 * `data.type` names the event. Event payloads are defined next to their area
 * (notifications, calls, …); the transport only knows that data has a type.
 */
export const REALTIME_PATH = '/ws';

/** Every logged-in user may listen here: RoleChangedEvent, and other project-wide changes. */
export const APP_CHANGES_TOPIC = 'private-app-changes';
/** Notifications of one user; only that user may subscribe. */
export const userTopic = (profileId: number) => `private-users.${profileId}`;
/** Call management of one SIP number (CallUpdated); only the number's owner may subscribe. */
export const callManagementTopic = (number: string) => `private-call-management.${number}`;

/** Data of every message: an event type plus its fields. */
export const RealtimeDataSchema = v.looseObject({ type: v.string() });
export type RealtimeData = v.InferOutput<typeof RealtimeDataSchema>;

/** Commands a client sends. `ping` is answered with a `pong` message on the empty topic. */
export const RealtimeCommandSchema = v.variant('command', [
  v.object({ command: v.literal('subscribe'), topic: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
  v.object({ command: v.literal('unsubscribe'), topic: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
  v.object({
    command: v.literal('publish'),
    topic: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    data: RealtimeDataSchema,
  }),
  v.object({ command: v.literal('ping') }),
]);
export type RealtimeCommand = v.InferOutput<typeof RealtimeCommandSchema>;

/** A message the server sends. */
export const RealtimeMessageSchema = v.object({ topic: v.string(), data: RealtimeDataSchema });
export type RealtimeMessage = v.InferOutput<typeof RealtimeMessageSchema>;

/** Types of the hub's own messages (answers to commands). */
export const REALTIME_CONTROL = {
  subscribed: 'subscription.succeeded',
  /** The subscription was refused: `message` is a catalogue code (method or action prohibited). */
  refused: 'subscription.refused',
  /** A command could not be read or carried out: `message` is a catalogue code. */
  error: 'error',
  pong: 'pong',
} as const;

/**
 * Close codes the console understands: `tokenExpired` means refresh the token
 * and reconnect; `unauthorized` means the session is gone.
 */
export const REALTIME_CLOSE = { tokenExpired: 4001, unauthorized: 4003 } as const;

/** Clients may publish only events of this prefix, and only on topics they are subscribed to. */
export const CLIENT_EVENT_PREFIX = 'client-';

/**
 * On `private-users.{id}`: something of this user's profile changed on the server (their virtual
 * numbers, role or groups): the console reloads the profile, and the softphone follows it.
 */
export const PROFILE_CHANGED = 'ProfileChangedEvent';

/** The role of this id changed: users holding it reload their profile (and the menu). */
export const RoleChangedEventSchema = v.object({ type: v.literal('RoleChangedEvent'), roleId: v.number() });

/** IP blocking (7.8): changes of the installation's banned list; holders of project.view_settings may listen. */
export const IP_BLOCKING_TOPIC = 'private-ip-blocking';
/** Why the banned list changed: a new ban, a ban lifted by hand or by whitelisting, a ban that ran out. */
export const IP_BANS_CHANGE_REASONS = ['banned', 'unbanned', 'whitelisted', 'unwhitelisted', 'expired'] as const;
/** On IP_BLOCKING_TOPIC: the banned list changed; the console reloads it (and the status). */
export const IpBansChangedEventSchema = v.object({
  type: v.literal('IpBansChanged'),
  reason: v.picklist(IP_BANS_CHANGE_REASONS),
});
export type IpBansChangedEvent = v.InferOutput<typeof IpBansChangedEventSchema>;

/**
 * Devices (issue 11): live changes of the project's devices; holders of a device view permission
 * (or self-group device management) may listen. Events are scoped to the project.
 */
export const DEVICES_TOPIC = 'private-devices';
/** On DEVICES_TOPIC: a device came online or went offline; lists and the item refresh its status. */
export const DeviceStatusChangedEventSchema = v.object({
  type: v.literal('DeviceStatusChanged'),
  device_id: v.number(),
  status: v.picklist(['online', 'offline']),
  /** When the platform saw the change (ISO-8601). */
  at: v.string(),
});
export type DeviceStatusChangedEvent = v.InferOutput<typeof DeviceStatusChangedEventSchema>;

/**
 * On DEVICES_TOPIC: device tasks changed (made, started, finished, retried, deleted). Lists of
 * tasks and the devices' sync state refresh; one message per device per change, naming the
 * tasks and their new status (`deleted` when they are gone).
 */
export const DeviceTasksChangedEventSchema = v.object({
  type: v.literal('DeviceTasksChanged'),
  device_id: v.number(),
  tasks: v.array(
    v.object({
      id: v.number(),
      status: v.picklist(['new', 'queued', 'started', 'stopped', 'error', 'completed', 'waiting', 'deleted']),
    }),
  ),
  /** The device's pending tasks after the change. */
  pending_tasks: v.number(),
  at: v.string(),
});
export type DeviceTasksChangedEvent = v.InferOutput<typeof DeviceTasksChangedEventSchema>;

/**
 * Device events (issue 11): new events of the project were stored; holders of devices.view_events
 * may listen. It carries counts and device ids only (a listener limited to some groups learns no
 * event's details); the events page reloads its first page.
 */
export const DEVICE_EVENTS_TOPIC = 'private-device-events';
export const DeviceEventsAddedEventSchema = v.object({
  type: v.literal('DeviceEventsAdded'),
  count: v.number(),
  device_ids: v.array(v.number()),
});
export type DeviceEventsAddedEvent = v.InferOutput<typeof DeviceEventsAddedEventSchema>;

/**
 * Access-control events (issue 12): doors reported new access decisions (granted or denied);
 * holders of system.view_acs_events may listen. Counts and device ids only (a listener limited to
 * some groups learns no decision's details); the ACS page reloads its first page.
 */
export const ACCESS_EVENTS_TOPIC = 'private-access-events';
export const AccessEventsAddedEventSchema = v.object({
  type: v.literal('AccessEventsAdded'),
  count: v.number(),
  device_ids: v.array(v.number()),
});
export type AccessEventsAddedEvent = v.InferOutput<typeof AccessEventsAddedEventSchema>;

/**
 * Device alarms (issue 11): an alarm of the project was raised or changed state; holders of
 * device_alarms.view may listen. Ids and the state only; lists and the processing page reload.
 */
export const DEVICE_ALARMS_TOPIC = 'private-device-alarms';
export const DeviceAlarmChangedEventSchema = v.object({
  type: v.literal('DeviceAlarmChanged'),
  alarm_id: v.number(),
  state: v.picklist(['enabled', 'disabled', 'processed']),
});
export type DeviceAlarmChangedEvent = v.InferOutput<typeof DeviceAlarmChangedEventSchema>;
/** On `private-users.{id}`: a network search of this user found a device (DeviceSearchBody.request_id). */
export const DeviceSearchFoundEventSchema = v.object({
  type: v.literal('DeviceSearchFound'),
  request_id: v.string(),
  device: FoundDeviceInfoSchema,
});
export type DeviceSearchFoundEvent = v.InferOutput<typeof DeviceSearchFoundEventSchema>;
/** On `private-users.{id}`: the search is over (every address asked, or cancelled by a newer search). */
export const DeviceSearchFinishedEventSchema = v.object({
  type: v.literal('DeviceSearchFinished'),
  request_id: v.string(),
  addresses: v.number(),
  found: v.number(),
});
export type DeviceSearchFinishedEvent = v.InferOutput<typeof DeviceSearchFinishedEventSchema>;
/** On `private-users.{id}` (7.10 "broker settings sent"): a found device was told where and how to connect. */
export const BrokerSettingsSentEventSchema = v.object({
  type: v.literal('BrokerSettingsSent'),
  device_id: v.number(),
  ok: v.boolean(),
});
export type BrokerSettingsSentEvent = v.InferOutput<typeof BrokerSettingsSentEventSchema>;
