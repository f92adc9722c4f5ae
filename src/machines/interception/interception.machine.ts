import { assign, fromPromise, setup } from 'xstate';
import type { InterceptionSettings, InterceptionUpdate } from '../../contract/entities/interception';

/** A group as interception settings list it. */
export type InterceptionGroup = InterceptionSettings['groups'][number];

import type { CallFailure } from '../session/session.types';

export interface InterceptionContext {
  /** Groups the panel lists: the user's own groups and the chosen ones. */
  options: InterceptionGroup[];
  /** Ids of the groups the user may choose from (own and descendants). */
  userGroupIds: number[];
  /** Ids of the chosen groups. */
  selected: number[];
  failure: CallFailure | null;
}

export type InterceptionEvent =
  | { type: 'group.toggle'; id: number }
  | { type: 'interception.start' }
  | { type: 'interception.stop' }
  | { type: 'interception.retry' };

/** Every group once: the user's own first, then chosen ones outside them. */
export function groupOptions(settings: InterceptionSettings): InterceptionGroup[] {
  const own = new Set(settings.userGroups.map((g) => g.id));
  return [...settings.userGroups, ...settings.groups.filter((g) => !own.has(g.id))];
}

const fromSettings = (settings: InterceptionSettings) => ({
  options: groupOptions(settings),
  userGroupIds: settings.userGroups.map((g) => g.id),
  selected: settings.groups.map((g) => g.id),
  failure: null,
});

/**
 * Call interception (4, 7.6): inactive or active. Starting needs at least one
 * group (a warning otherwise); groups are locked while active; once started
 * only the selected or the user's own groups stay listed.
 */
/** `intercepting`: on (or being turned off); `saving`: a start or stop is on its way. */
export type InterceptionTag = 'intercepting' | 'saving';

export const interceptionMachine = setup({
  types: { context: {} as InterceptionContext, events: {} as InterceptionEvent, tags: {} as InterceptionTag },
  actors: {
    loadSettings: fromPromise<InterceptionSettings>(() => new Promise(() => {})),
    saveSettings: fromPromise<InterceptionSettings, InterceptionUpdate>(() => new Promise(() => {})),
  },
  actions: {
    /** Shows an alert (services: the alerts actor). */
    alert: (_, _params: { kind: 'error' | 'warning' | 'success'; code: string }) => {},
    applySettings: assign((_, params: { settings: InterceptionSettings }) => fromSettings(params.settings)),
    toggleGroup: assign({
      selected: ({ context }, params: { id: number }) =>
        context.selected.includes(params.id)
          ? context.selected.filter((id) => id !== params.id)
          : [...context.selected, params.id],
    }),
    keepChosenOrOwn: assign({
      options: ({ context }) =>
        context.options.filter((g) => context.selected.includes(g.id) || context.userGroupIds.includes(g.id)),
    }),
    setFailure: assign({ failure: (_, params: { failure: CallFailure }) => params.failure }),
  },
  guards: {
    isActive: (_, params: { settings: InterceptionSettings }) => params.settings.isActive,
    hasGroups: ({ context }) => context.selected.length > 0,
    isOffered: ({ context }, params: { id: number }) => context.options.some((g) => g.id === params.id),
  },
}).createMachine({
  id: 'interception',
  context: { options: [], userGroupIds: [], selected: [], failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: [
          {
            guard: { type: 'isActive', params: ({ event }) => ({ settings: event.output }) },
            target: 'active',
            actions: { type: 'applySettings', params: ({ event }) => ({ settings: event.output }) },
          },
          {
            target: 'inactive',
            actions: { type: 'applySettings', params: ({ event }) => ({ settings: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    failed: { on: { 'interception.retry': 'loading' } },
    inactive: {
      on: {
        'group.toggle': {
          guard: { type: 'isOffered', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'toggleGroup', params: ({ event }) => ({ id: event.id }) },
        },
        'interception.start': [
          { guard: 'hasGroups', target: 'starting' },
          { actions: { type: 'alert', params: { kind: 'warning', code: 'dialer:interception.needGroup' } } },
        ],
      },
    },
    starting: {
      tags: 'saving',
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ isActive: true, groups: context.selected }),
        onDone: { target: 'active', actions: 'keepChosenOrOwn' },
        onError: {
          target: 'inactive',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: httpCode(event.error) }) },
          ],
        },
      },
    },
    /** Intercepting: the groups are locked. */
    active: { tags: 'intercepting', on: { 'interception.stop': 'stopping' } },
    stopping: {
      tags: ['intercepting', 'saving'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ isActive: false, groups: context.selected }),
        onDone: 'inactive',
        onError: {
          target: 'active',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: httpCode(event.error) }) },
          ],
        },
      },
    },
  },
});

/** The alert code of a failed call: the 8.1 lookup of its catalogue code. */
function httpCode(error: unknown): string {
  return `errors.http.${(error as CallFailure | undefined)?.code ?? 'default'}`;
}

export type InterceptionMachine = typeof interceptionMachine;
