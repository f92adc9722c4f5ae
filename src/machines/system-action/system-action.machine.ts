import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { QueueName } from '../../contract/entities/system';
import { failureAlert } from '../alerts/failure-alert';

/** What an operator does to the server from the System page (7.8), each behind a confirmation. */
export type SystemAction =
  | { kind: 'worker'; verb: 'start' | 'stop' | 'restart'; name: string }
  | { kind: 'queue'; verb: 'retry'; queue: QueueName }
  | { kind: 'queue'; verb: 'clear'; queue: QueueName; status: string }
  | { kind: 'metrics'; verb: 'reset' };

/** What the server answered: how many items a queue action touched (nothing else counts). */
export interface SystemActionAnswer {
  count: number | null;
}

export interface SystemActionContext {
  /** What the open confirmation (or the running call) does; null when idle. */
  action: SystemAction | null;
}

export type SystemActionEvent =
  /** Asks to act: a confirmation opens first. */
  { type: 'action.requested'; action: SystemAction } | { type: 'action.confirmed' } | { type: 'action.cancelled' };

type AlertParams = { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> };

/** The success alert of a finished action (codes of the system namespace; views translate). */
export function doneAlert(action: SystemAction, answer: SystemActionAnswer): AlertParams {
  const code = `system:alerts.${action.kind}.${action.verb}`;
  if (action.kind === 'worker') return { kind: 'success', code, params: { name: action.name } };
  if (action.kind === 'queue') return { kind: 'success', code, params: { count: answer.count ?? 0 } };
  return { kind: 'success', code };
}

/**
 * An operator's action on the server (workers start, stop, restart; a queue's retry or clear;
 * the web metrics' reset), each behind a confirmation: idle → confirming → acting → idle; the
 * outcome is told with an alert. The `act` effect also tells the page's views that the server
 * changed (src/services/areas/system.ts), so workers, queues and metrics reload.
 */
export const systemActionMachine = setup({
  types: { context: {} as SystemActionContext, events: {} as SystemActionEvent },
  actors: {
    act: fromPromise<SystemActionAnswer, SystemAction>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    setAction: assign((_, params: { action: SystemAction }) => ({ action: params.action })),
    forgetAction: assign({ action: null }),
  },
}).createMachine({
  id: 'systemAction',
  context: { action: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'action.requested': {
          target: 'confirming',
          actions: { type: 'setAction', params: ({ event }) => ({ action: event.action }) },
        },
      },
    },
    /** The confirmation is open: it names the worker, the queue and status, or the reset. */
    confirming: {
      on: {
        'action.confirmed': 'acting',
        'action.cancelled': { target: 'idle', actions: 'forgetAction' },
      },
    },
    acting: {
      invoke: {
        id: 'act',
        src: 'act',
        // Only `confirming` leads here, and it always holds an action.
        input: ({ context }) => context.action as SystemAction,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'alert', params: ({ context, event }) => doneAlert(context.action as SystemAction, event.output) },
            'forgetAction',
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'alert', params: ({ event }) => failureAlert(event.error) }, 'forgetAction'],
        },
      },
    },
  },
});

export type SystemActionMachine = typeof systemActionMachine;
