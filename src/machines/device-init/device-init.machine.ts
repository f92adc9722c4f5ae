import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { DEVICE_TASKS_POLL_MS } from '../../contract/constants';
import { PENDING_TASK_STATUSES, RESTARTABLE_TASK_STATUSES } from '../../contract/entities/device-task';
import { ERROR_CODES } from '../../contract/errors';
import type { CallFailure } from '../session/session.types';
import type {
  DeviceBatchAction,
  DeviceInitContext,
  DeviceInitEvent,
  DeviceInitInput,
  FollowedTask,
  InitDevice,
  InitFailure,
  SentBatch,
  TaskChange,
} from './device-init.types';

const FAILED: readonly string[] = RESTARTABLE_TASK_STATUSES;
/** Tasks a cancel deletes: not yet sent to the device (a started one is already in its hands). */
const DELETABLE: readonly string[] = PENDING_TASK_STATUSES.filter((s) => s !== 'started');

/** The tasks a cancel would delete (pending, not started). */
export const deletableTasks = (tasks: readonly FollowedTask[]) => tasks.filter((t) => DELETABLE.includes(t.status));
/** The first task that failed (error or stopped), if any. */
export const failedTask = (tasks: readonly FollowedTask[]) => tasks.find((t) => FAILED.includes(t.status));

/** A failed call as the dialog's reason. */
export const callFailure = (error: unknown): InitFailure => {
  const failure = error as CallFailure | undefined;
  const reason: InitFailure = { code: failure?.code ?? 'default', task: null };
  return failure?.params ? { ...reason, params: failure.params } : reason;
};

/** The failing task's own error as the reason (its status when it has none: `stopped`). */
export const taskFailure = (task: FollowedTask): InitFailure => ({
  code: task.last_error?.code ?? task.status,
  message: task.last_error?.message ?? null,
  task: { id: task.id, kind: task.kind },
});

/** Live statuses applied to the followed tasks (failures and deletions wait for a read: they need the reason). */
export function applyChanges(tasks: readonly FollowedTask[], changes: readonly TaskChange[]): FollowedTask[] {
  return tasks.map((task) => {
    const change = changes.find((c) => c.id === task.id);
    if (!change || change.status === 'deleted' || FAILED.includes(change.status)) return task;
    return { ...task, status: change.status };
  });
}

/** The change names a task of the batch that failed or went: the dialog reads the batch for why. */
const needsRead = (tasks: readonly FollowedTask[], changes: readonly TaskChange[]) =>
  changes.some((c) => tasks.some((t) => t.id === c.id) && (c.status === 'deleted' || FAILED.includes(c.status)));

/**
 * The device init dialog of §2.5 (and the settings apply, the same flow with one task):
 * checking reads the device (protocol none is refused with 8.2's message before anything is
 * sent; an offline device is said to be offline: its tasks will wait) → confirming → sending
 * (`POST /devices/init/{id}` or `/devices/{id}/settings/apply`) → following the batch the
 * server made, live through DeviceTasksChanged (the `watch` effect) and read again every
 * DEVICE_TASKS_POLL_MS as a fallback → done when every task completed, failed with the
 * failing task's error. Cancel while following deletes the tasks not started yet and stops
 * following (a started task is already with the device and runs to its end).
 */
export const deviceInitMachine = setup({
  types: {
    context: {} as DeviceInitContext,
    events: {} as DeviceInitEvent,
    input: {} as DeviceInitInput,
  },
  actors: {
    readDevice: fromPromise<InitDevice, { deviceId: number }>(() => new Promise(() => {})),
    send: fromPromise<SentBatch, { deviceId: number; action: DeviceBatchAction }>(() => new Promise(() => {})),
    readBatch: fromPromise<FollowedTask[], { batchId: string }>(() => new Promise(() => {})),
    deleteTasks: fromPromise<number, { ids: number[] }>(() => new Promise(() => {})),
    watch: fromCallback<DeviceInitEvent, { deviceId: number }>(() => () => {}),
  },
  delays: { poll: DEVICE_TASKS_POLL_MS },
  actions: {
    setDevice: assign((_, params: { device: InitDevice }) => ({ device: params.device })),
    refuse: assign({ failure: { code: ERROR_CODES.protocolNoneCannotInit, task: null } satisfies InitFailure }),
    setFailure: assign((_, params: { failure: InitFailure }) => ({ failure: params.failure })),
    takeBatch: assign((_, params: { batch: SentBatch }) => ({
      batchId: params.batch.batchId,
      tasks: params.batch.tasks,
    })),
    takeTasks: assign((_, params: { tasks: FollowedTask[] }) => ({ tasks: params.tasks })),
    applyChanges: assign(({ context }, params: { changes: TaskChange[] }) => ({
      tasks: applyChanges(context.tasks, params.changes),
    })),
    failFromTask: assign(({ context }) => {
      const task = failedTask(context.tasks);
      return { failure: task ? taskFailure(task) : null };
    }),
    failNoTasks: assign({ failure: { code: 'no_tasks', task: null } satisfies InitFailure }),
    setDeleted: assign((_, params: { deleted: number }) => ({ deleted: params.deleted })),
    startOver: assign({ device: null, batchId: null, tasks: [], failure: null, deleted: null }),
  },
  guards: {
    isProtocolNone: (_, params: { device: InitDevice }) => params.device.protocol === 'none',
    allCompleted: ({ context }) => context.tasks.length > 0 && context.tasks.every((t) => t.status === 'completed'),
    anyFailed: ({ context }) => failedTask(context.tasks) !== undefined,
    noTasks: ({ context }) => context.tasks.length === 0,
    needsRead: ({ context }, params: { changes: TaskChange[] }) => needsRead(context.tasks, params.changes),
  },
}).createMachine({
  id: 'deviceInit',
  context: ({ input }) => ({
    deviceId: input.deviceId,
    deviceName: input.deviceName,
    action: input.action ?? 'init',
    device: null,
    batchId: null,
    tasks: [],
    failure: null,
    deleted: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'readDevice',
        src: 'readDevice',
        input: ({ context }) => ({ deviceId: context.deviceId }),
        onDone: [
          {
            guard: { type: 'isProtocolNone', params: ({ event }) => ({ device: event.output }) },
            target: 'refused',
            actions: [{ type: 'setDevice', params: ({ event }) => ({ device: event.output }) }, 'refuse'],
          },
          { target: 'confirming', actions: { type: 'setDevice', params: ({ event }) => ({ device: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: callFailure(event.error) }) },
        },
      },
    },
    /** Protocol none: nothing may be sent (8.2); the dialog only closes. */
    refused: {},
    /** The device is known: the dialog says whether it is online and asks. */
    confirming: {
      on: { 'init.confirm': 'sending' },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ deviceId: context.deviceId, action: context.action }),
        onDone: {
          target: 'following',
          actions: { type: 'takeBatch', params: ({ event }) => ({ batch: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: callFailure(event.error) }) },
        },
      },
    },
    following: {
      invoke: { id: 'watch', src: 'watch', input: ({ context }) => ({ deviceId: context.deviceId }) },
      always: [
        { guard: 'allCompleted', target: 'done' },
        { guard: 'anyFailed', target: 'failed', actions: 'failFromTask' },
        { guard: 'noTasks', target: 'failed', actions: 'failNoTasks' },
      ],
      on: { 'init.cancel': 'cancelling' },
      initial: 'watching',
      states: {
        watching: {
          after: { poll: 'reading' },
          on: {
            'tasks.changed': [
              {
                guard: { type: 'needsRead', params: ({ event }) => ({ changes: event.tasks }) },
                target: 'reading',
                actions: { type: 'applyChanges', params: ({ event }) => ({ changes: event.tasks }) },
              },
              { actions: { type: 'applyChanges', params: ({ event }) => ({ changes: event.tasks }) } },
            ],
            'tasks.resync': 'reading',
          },
        },
        /** Reading the batch again: the poll, a resync, or a failure whose reason is needed. */
        reading: {
          invoke: {
            id: 'readBatch',
            src: 'readBatch',
            // `following` is entered only with the batch the server answered.
            input: ({ context }) => ({ batchId: context.batchId as string }),
            onDone: {
              target: 'watching',
              actions: { type: 'takeTasks', params: ({ event }) => ({ tasks: event.output }) },
            },
            // A failed read is tried again at the next poll.
            onError: 'watching',
          },
          on: {
            'tasks.changed': { actions: { type: 'applyChanges', params: ({ event }) => ({ changes: event.tasks }) } },
          },
        },
      },
    },
    cancelling: {
      invoke: {
        id: 'deleteTasks',
        src: 'deleteTasks',
        input: ({ context }) => ({ ids: deletableTasks(context.tasks).map((t) => t.id) }),
        onDone: {
          target: 'cancelled',
          actions: { type: 'setDeleted', params: ({ event }) => ({ deleted: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: callFailure(event.error) }) },
        },
      },
    },
    /** Following stopped; the pending tasks were deleted (a started one runs to its end). */
    cancelled: {},
    done: {},
    failed: {
      on: { 'init.retry': { target: 'checking', actions: 'startOver' } },
    },
  },
});

export type DeviceInitMachine = typeof deviceInitMachine;
