import { alertsMachine } from './alerts.machine';

/** Named alert snapshots for stories: none, and one of each kind. */
export const alertsFixtures = {
  empty: alertsMachine.resolveState({ value: {}, context: { items: [], nextId: 1 } }),
  eachKind: alertsMachine.resolveState({
    value: {},
    context: {
      nextId: 5,
      items: [
        { id: 'alert-1', kind: 'error', code: 'errors.http.item not found', timeoutMs: 3000 },
        { id: 'alert-2', kind: 'warning', code: 'errors.http.wrong parameters', timeoutMs: 3000 },
        { id: 'alert-3', kind: 'success', code: 'profile:saved', timeoutMs: 3000 },
        { id: 'alert-4', kind: 'info', code: 'profile:password.changed', timeoutMs: 3000 },
      ],
    },
  }),
};
