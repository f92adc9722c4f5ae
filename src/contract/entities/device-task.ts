import * as v from 'valibot';
import { DEVICE_PROTOCOLS } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { IdSchema, idList } from '../ids';

/**
 * Device tasks (doc 1 §4, doc 2 §7.4): the durable queue of what the server has to tell a
 * device (init, settings, lists, emergency playback). One task at a time per device, in the
 * order they were made; a device that is offline keeps its tasks `waiting` until it returns;
 * a failed attempt is retried by itself with backoff, and after the last attempt the task is
 * `error` (the group's subscribers are notified). Tasks made together (an init) share a batch.
 *
 * Statuses (§4, transitions decided in docs/decisions.md "Devices"):
 * - new: made, not yet picked up by the queue;
 * - queued: to be sent (again: after a failed attempt it waits for `next_attempt_at`);
 * - waiting: the device is offline; queued again when it comes back;
 * - started: sent, the answer is awaited;
 * - completed: the device answered ok;
 * - error: the last attempt failed (restart queues it again);
 * - stopped: given up by the server (the device changed to protocol none, or a newer task
 *   of the same kind replaced it); restart queues it again.
 */
export const DEVICE_TASK_STATUSES = ['new', 'queued', 'started', 'stopped', 'error', 'completed', 'waiting'] as const;
export type DeviceTaskStatus = (typeof DEVICE_TASK_STATUSES)[number];
/** Statuses that will still run: the device's pending work (sync state). */
export const PENDING_TASK_STATUSES = ['new', 'queued', 'started', 'waiting'] as const satisfies DeviceTaskStatus[];
/** Statuses restart takes back (the failed ones). */
export const RESTARTABLE_TASK_STATUSES = ['error', 'stopped'] as const satisfies DeviceTaskStatus[];

/**
 * What a task asks of the device: the request kind of docs/device-protocol.md it sends
 * (`sync.identifiers` and `sync.schedules` are the `sync` request of one list).
 */
export const DEVICE_TASK_KINDS = [
  'init',
  'settings.apply',
  'sync.identifiers',
  'sync.schedules',
  'emergency.play',
  'emergency.stop',
] as const;
export type DeviceTaskKind = (typeof DEVICE_TASK_KINDS)[number];

/** What a task is about: the device's settings, an identifier, a schedule, an emergency alert. */
export const DEVICE_TASK_ENTITY_TYPES = ['device', 'identifier', 'schedule', 'emergency_alert'] as const;
export const DeviceTaskEntitySchema = v.object({
  type: v.picklist(DEVICE_TASK_ENTITY_TYPES),
  id: v.number(),
  name: v.string(),
});
export type DeviceTaskEntity = v.InferOutput<typeof DeviceTaskEntitySchema>;

const ref = v.object({ id: v.number(), name: v.string() });

export const DeviceTaskSchema = v.object({
  id: v.number(),
  device_id: v.number(),
  device: ref,
  /** The device's group. */
  domain: v.nullable(ref),
  kind: v.picklist(DEVICE_TASK_KINDS),
  status: v.picklist(DEVICE_TASK_STATUSES),
  /** Attempts made so far (sent and failed, or sent and answered). */
  attempts: v.number(),
  max_attempts: v.number(),
  /** When a queued task is sent again after a failed attempt (ISO-8601); null: as soon as its turn comes. */
  next_attempt_at: v.nullable(v.string()),
  /** Why the last attempt failed: a device code (`relay_out_of_range`) or the link's (`offline`, `timeout`). */
  last_error: v.nullable(v.object({ code: v.string(), message: v.nullable(v.string()) })),
  /** Tasks made together (an init: init, settings.apply, sync.identifiers, sync.schedules) share it. */
  batch_id: v.string(),
  /** The entities the task is about (also `GET /devices/tasks/{id}/entities`). */
  entities: v.array(DeviceTaskEntitySchema),
  created_at: v.string(),
  started_at: v.nullable(v.string()),
  finished_at: v.nullable(v.string()),
  updated_at: v.string(),
});
export type DeviceTask = v.InferOutput<typeof DeviceTaskSchema>;

export const deviceTasksEntity = defineEntity({
  name: 'device_tasks',
  path: '/devices/tasks',
  access: {
    view: ['devices.view_tasks', 'self_domain.manage_devices'],
    delete: ['devices.edit', 'self_domain.manage_devices'],
  },
  item: DeviceTaskSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    kind: { kind: 'enum', sortable: true, filterable: true },
    status: { kind: 'enum', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    finished_at: { kind: 'date', sortable: true, filterable: true },
    attempts: { kind: 'number', sortable: true, filterable: true },
    batch_id: { kind: 'text', filterable: true },
    /** The task's device (`has` with device ids). */
    device: { kind: 'relation', filterable: true },
    /** The device's group. */
    domain: { kind: 'relation', filterable: true },
  },
  search: [],
  with: [],
  /** Newest first: the list follows what was just done. */
  defaultSort: ['-id'],
});

export const DeviceTaskListSchema = listAnswer(DeviceTaskSchema);

/** Most tasks (or devices) one restart or reinit names. */
export const DEVICE_TASKS_ACTION_MAX = 1000;

/**
 * POST /devices/tasks/restart: queue the failed (`error`, `stopped`) tasks again, with their
 * attempts reset: those listed, or those of one device, or every failed task the caller sees.
 */
export const RestartTasksSchema = v.object({
  items: v.optional(idList(1, DEVICE_TASKS_ACTION_MAX)),
  device_id: v.optional(IdSchema),
});
export type RestartTasks = v.InferOutput<typeof RestartTasksSchema>;
export const RestartedSchema = v.object({ data: v.object({ restarted: v.number() }) });

/** A batch of tasks made by one action on one device (init, settings apply, reinit). */
export const TaskBatchSchema = v.object({
  device_id: v.number(),
  batch_id: v.string(),
  tasks: v.array(DeviceTaskSchema),
});
export type TaskBatch = v.InferOutput<typeof TaskBatchSchema>;

/** POST /devices/tasks/reinit: a new init batch for each listed device (pending tasks of theirs are stopped). */
export const ReinitSchema = v.object({ devices: idList(1, DEVICE_TASKS_ACTION_MAX) });
export const ReinitAnswerSchema = v.object({ data: v.array(TaskBatchSchema) });

/** Answer of init and settings apply: the batch the device's tasks were made in. */
export const TaskBatchAnswerSchema = v.object({ data: TaskBatchSchema });

// ---- Sync errors ----

export const SYNC_LISTS = ['identifiers', 'schedules'] as const;
export type SyncList = (typeof SYNC_LISTS)[number];

/** An item of a list the device could not take (its answer to the last `sync` of that list). */
export const SyncErrorSchema = v.object({
  /** The item's id as sent (an identifier's or schedule's id, as text). */
  item_id: v.string(),
  /** The device's code (`no_id`, `bad_format`, `full`, …). */
  code: v.string(),
  task_id: v.number(),
  at: v.string(),
});
export type SyncError = v.InferOutput<typeof SyncErrorSchema>;
/** GET /devices/{id}/sync/errors: per list, the errors of the last completed sync of it. */
export const SyncErrorsAnswerSchema = v.object({
  data: v.object({ identifiers: v.array(SyncErrorSchema), schedules: v.array(SyncErrorSchema) }),
});

// ---- Protocol and the SIP "use address" flag ----

/** POST /devices/{id}/set-protocol. To protocol none: pending tasks are stopped. */
export const SetProtocolSchema = v.object({ protocol: v.picklist(DEVICE_PROTOCOLS) });

/**
 * POST /devices/set-use-address: sets `device_settings.sip.use_address` on the listed devices
 * and queues a settings apply for each (mqtt devices). Answers how many were changed.
 */
export const SetUseAddressSchema = v.object({
  items: idList(1, DEVICE_TASKS_ACTION_MAX),
  use_address: v.boolean(),
});
export const UpdatedSchema = v.object({ data: v.object({ updated: v.number() }) });

// ---- Forwards ----

export const FORWARD_MODES_OF_DEVICE = ['disabled', 'manual', 'picked'] as const;

/**
 * GET/POST /devices/{id}/forwards/settings: how calls from the device's virtual number are
 * forwarded (its number's forward mode, forward group and rule sets). A device with no
 * virtual number answers `sip_number: null` and refuses a change (cannot perform action).
 */
export const DeviceForwardSettingsSchema = v.object({
  sip_number: v.nullable(v.object({ id: v.number(), number: v.string() })),
  forward_mode: v.picklist(FORWARD_MODES_OF_DEVICE),
  forward_group_id: v.nullable(v.number()),
  forward_group: v.nullable(ref),
  forward_rules: v.array(ref),
});
export type DeviceForwardSettings = v.InferOutput<typeof DeviceForwardSettingsSchema>;
export const DeviceForwardSettingsInputSchema = v.object({
  forward_mode: v.picklist(FORWARD_MODES_OF_DEVICE),
  forward_group_id: v.optional(v.nullable(IdSchema), null),
  forward_rules: v.optional(idList(0, 50), []),
});
export type DeviceForwardSettingsInput = v.InferOutput<typeof DeviceForwardSettingsInputSchema>;

// ---- Sync state of a device (on the devices item and list rows) ----

/**
 * Whether a device holds what the server wants: tasks still to run, whether its stored
 * settings differ from those the device last reported taking (`versions.settings` of its
 * status, or the last completed settings apply when it reported nothing), and when it last
 * converged (its last task completed with nothing left pending).
 */
export const DeviceSyncStateSchema = v.object({
  pending_tasks: v.number(),
  failed_tasks: v.number(),
  settings_differ: v.boolean(),
  converged_at: v.nullable(v.string()),
});
export type DeviceSyncState = v.InferOutput<typeof DeviceSyncStateSchema>;
