import type { DeviceProtocol } from '../../contract/constants';
import type { DeviceStatus } from '../../contract/entities/device';
import type { DeviceTaskKind, DeviceTaskStatus } from '../../contract/entities/device-task';

/** What the dialog asks of the device: a whole init (§2.5), or its settings only. */
export type DeviceBatchAction = 'init' | 'settings.apply';

/** What checking reads from the device item (GET /devices/{id}). */
export interface InitDevice {
  protocol: DeviceProtocol;
  status: DeviceStatus;
}

/** A task of the batch as the dialog follows it. */
export interface FollowedTask {
  id: number;
  kind: DeviceTaskKind;
  status: DeviceTaskStatus;
  attempts: number;
  max_attempts: number;
  last_error: { code: string; message: string | null } | null;
}

/** The batch the server made (its answer to init or settings apply). */
export interface SentBatch {
  batchId: string;
  tasks: FollowedTask[];
}

/**
 * Why the dialog stopped: a catalogue code of a refused or failed call (`errors.http.<code>`,
 * `task: null`), or the failing task's own error (a device or link code, with the task).
 */
export interface InitFailure {
  code: string;
  message?: string | null;
  params?: Record<string, string | number>;
  task: { id: number; kind: DeviceTaskKind } | null;
}

/** A status change of DeviceTasksChanged (`deleted`: the task is gone). */
export interface TaskChange {
  id: number;
  status: DeviceTaskStatus | 'deleted';
}

export interface DeviceInitInput {
  deviceId: number;
  deviceName: string;
  action?: DeviceBatchAction;
}

export interface DeviceInitContext {
  deviceId: number;
  deviceName: string;
  action: DeviceBatchAction;
  device: InitDevice | null;
  batchId: string | null;
  tasks: FollowedTask[];
  failure: InitFailure | null;
  /** How many pending tasks a cancel deleted (null until one ran). */
  deleted: number | null;
}

export type DeviceInitEvent =
  /** The user approves sending. */
  | { type: 'init.confirm' }
  /** Stop following and delete the tasks not started yet. */
  | { type: 'init.cancel' }
  /** After a failure: check the device and ask again. */
  | { type: 'init.retry' }
  /** From the watch: DeviceTasksChanged of this device. */
  | { type: 'tasks.changed'; tasks: TaskChange[] }
  /** From the watch: the realtime line was made again (anything may have been missed). */
  | { type: 'tasks.resync' };
