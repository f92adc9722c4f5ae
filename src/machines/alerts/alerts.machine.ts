import { assign, cancel, enqueueActions, setup } from 'xstate';
import { ALERT_TIMEOUT_MS } from '../../contract/constants';

/** Alert kinds of 2.3. */
export type AlertKind = 'error' | 'warning' | 'success' | 'info';

/** One alert: machines give a translation code, never text (views translate). */
export interface Alert {
  id: string;
  kind: AlertKind;
  /** i18n key, e.g. `errors.http.item not found` or `profile:saved`. */
  code: string;
  params?: Record<string, string | number>;
  timeoutMs: number;
}

export type AlertsEvent =
  | { type: 'alert.show'; kind: AlertKind; code: string; params?: Record<string, string | number>; timeoutMs?: number }
  | { type: 'alert.dismiss'; id: string }
  | { type: 'alerts.clear' };

export interface AlertsContext {
  items: Alert[];
  nextId: number;
}

/** The alerts area: shows alerts and removes each after its timeout (3 s by default). */
export const alertsMachine = setup({
  types: { context: {} as AlertsContext, events: {} as AlertsEvent },
  actions: {
    add: assign(({ context }, params: Omit<Alert, 'id'>) => ({
      items: [...context.items, { ...params, id: `alert-${context.nextId}` }],
      nextId: context.nextId + 1,
    })),
    /** Each alert gets its own delayed dismissal, keyed by the alert id so it can be cancelled. */
    scheduleDismiss: enqueueActions(({ context, enqueue }) => {
      const last = context.items.at(-1);
      if (!last) return;
      enqueue.raise({ type: 'alert.dismiss', id: last.id }, { id: last.id, delay: last.timeoutMs });
    }),
    remove: assign(({ context }, params: { id: string }) => ({
      items: context.items.filter((a) => a.id !== params.id),
    })),
    cancelTimer: cancel((_, params: { id: string }) => params.id),
    clear: assign({ items: [] }),
  },
}).createMachine({
  id: 'alerts',
  context: { items: [], nextId: 1 },
  on: {
    'alert.show': {
      actions: [
        {
          type: 'add',
          params: ({ event }) => ({
            kind: event.kind,
            code: event.code,
            params: event.params,
            timeoutMs: event.timeoutMs ?? ALERT_TIMEOUT_MS,
          }),
        },
        'scheduleDismiss',
      ],
    },
    'alert.dismiss': {
      actions: [
        { type: 'cancelTimer', params: ({ event }) => ({ id: event.id }) },
        { type: 'remove', params: ({ event }) => ({ id: event.id }) },
      ],
    },
    'alerts.clear': { actions: 'clear' },
  },
});

export type AlertsMachine = typeof alertsMachine;
