import { assign, fromPromise, sendTo, setup } from 'xstate';
import { failureAlert } from '../alerts/failure-alert';

/**
 * What the tasks page asks: restart failed tasks (the listed ones, or every failed one the
 * user sees), reinit devices (a new init batch each; their pending tasks are stopped), or
 * delete tasks.
 */
export type TaskRequest =
  | { kind: 'restart'; items: number[] | null }
  | { kind: 'reinit'; devices: { id: number; name: string }[] }
  | { kind: 'delete'; items: number[] };

/** How many the server said it restarted, made (batches) or deleted. */
export type TaskRequestAnswer = { count: number };

export interface DeviceTasksContext {
  /** What the open confirmation (or the running call) does; null when idle. */
  request: TaskRequest | null;
}

export type DeviceTasksEvent =
  | { type: 'tasks.request'; request: TaskRequest }
  | { type: 'tasks.confirm' }
  | { type: 'tasks.cancel' };

type AlertParams = { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> };

/** The success alert of a finished request (codes of the deviceTasks namespace). */
export function doneAlert(request: TaskRequest, answer: TaskRequestAnswer): AlertParams {
  const code = { restart: 'restarted', reinit: 'reinitialised', delete: 'deleted' }[request.kind];
  return { kind: 'success', code: `deviceTasks:alerts.${code}`, params: { count: answer.count } };
}

/**
 * The actions of /devices/tasks (7.4): restart, reinit and delete, each behind a
 * confirmation that says what it touches. idle → confirming → running → idle; the outcome
 * is an alert (the count the server answered, or the failure's catalogue message). The
 * `run` effect also tells the task list to refresh (src/services/areas/device-tasks.ts);
 * rows then follow DeviceTasksChanged by themselves.
 */
export const deviceTasksMachine = setup({
  types: { context: {} as DeviceTasksContext, events: {} as DeviceTasksEvent },
  actors: {
    run: fromPromise<TaskRequestAnswer, TaskRequest>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    setRequest: assign((_, params: { request: TaskRequest }) => ({ request: params.request })),
    forgetRequest: assign({ request: null }),
  },
}).createMachine({
  id: 'deviceTasks',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'tasks.request': {
          target: 'confirming',
          actions: { type: 'setRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    confirming: {
      on: {
        'tasks.confirm': 'running',
        'tasks.cancel': { target: 'idle', actions: 'forgetRequest' },
      },
    },
    running: {
      invoke: {
        id: 'run',
        src: 'run',
        // Only `confirming` leads here, and it always holds a request.
        input: ({ context }) => context.request as TaskRequest,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'alert', params: ({ context, event }) => doneAlert(context.request as TaskRequest, event.output) },
            'forgetRequest',
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'alert', params: ({ event }) => failureAlert(event.error) }, 'forgetRequest'],
        },
      },
    },
  },
});

export type DeviceTasksMachine = typeof deviceTasksMachine;
