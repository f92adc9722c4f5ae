import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { type FoundDeviceInfo, rangeErrors } from '../../contract/device-search';
import type { FieldError } from '../../contract/errors';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';

/** What the search asks the server (POST /devices/search). */
export interface SearchRequest {
  start_ip: string;
  end_ip: string;
  request_id: string;
}

/** What put-found is given: the chosen devices into one group. */
export interface AddFoundRequest {
  domain_id: number;
  devices: FoundDeviceInfo[];
}

export interface DeviceSearchContext {
  start_ip: string;
  end_ip: string;
  /** Field errors of the range (the form's own check, or the server's). */
  errors: Record<string, FieldError>;
  /** Makes request ids unique to this console tab (given by the service). */
  tab: string;
  /** Searches started so far: the current request id is `${tab}-${searches}`. */
  searches: number;
  /** Addresses the running (or last) search asks. */
  addresses: number;
  found: FoundDeviceInfo[];
  /** Serials chosen to add (only `new` devices). */
  chosen: string[];
  domainId: number | null;
  /** Ids put-found answered. */
  added: number[];
}

export type DeviceSearchEvent =
  | { type: 'range.changed'; field: 'start_ip' | 'end_ip'; value: string }
  | { type: 'search.submitted' }
  /** Stops listening to the running search and goes back to the range (the server stops it at the next search). */
  | { type: 'search.cancelled' }
  | { type: 'search.found'; requestId: string; device: FoundDeviceInfo }
  | { type: 'search.finished'; requestId: string }
  | { type: 'device.toggled'; serial: string }
  | { type: 'group.chosen'; domainId: number | null }
  | { type: 'add.submitted' }
  /** From the results or the added summary: a new range. */
  | { type: 'search.again' };

export const requestIdOf = (c: Pick<DeviceSearchContext, 'tab' | 'searches'>) => `${c.tab}-${c.searches}`;

/**
 * The device search dialog (doc 1 §2.5 "device search (by IP range)"; 7.4): the IP range
 * (checked here with the contract's `rangeErrors`, then by the server) → searching: the call
 * starts the search and the results arrive over realtime while listening (`results`, filtered
 * by request id; listening starts before the call, so nothing found early is lost) → results:
 * choose new devices and a group → adding (put-found) → added, or back to results with the
 * failure told. Cancellable while searching.
 */
export const deviceSearchMachine = setup({
  types: {
    context: {} as DeviceSearchContext,
    events: {} as DeviceSearchEvent,
    input: {} as { tab?: string; start_ip?: string; end_ip?: string } | undefined,
  },
  actors: {
    start: fromPromise<{ addresses: number }, SearchRequest>(() => new Promise(() => {})),
    results: fromCallback<DeviceSearchEvent, { requestId: string }>(() => () => {}),
    addFound: fromPromise<number[], AddFoundRequest>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> }) => ({
        type: 'alert.show' as const,
        ...params,
      }),
    ),
    setField: assign(({ context }, params: { field: 'start_ip' | 'end_ip'; value: string }) => {
      const { [params.field]: _gone, ...errors } = context.errors;
      return { [params.field]: params.value, errors };
    }),
    checkRange: assign(({ context }) => ({ errors: rangeErrors(context.start_ip.trim(), context.end_ip.trim()) })),
    beginSearch: assign(({ context }) => ({
      searches: context.searches + 1,
      found: [],
      chosen: [],
      added: [],
      addresses: 0,
    })),
    setAddresses: assign((_, params: { addresses: number }) => ({ addresses: params.addresses })),
    serverErrors: assign((_, params: { error: unknown }) => ({
      errors: ((params.error as CallFailure | undefined)?.fields ?? {}) as Record<string, FieldError>,
    })),
    addFound: assign(({ context }, params: { device: FoundDeviceInfo }) => ({
      found: context.found.some((d) => d.serial_number === params.device.serial_number)
        ? context.found
        : [...context.found, params.device],
    })),
    toggle: assign(({ context }, params: { serial: string }) => ({
      chosen: context.chosen.includes(params.serial)
        ? context.chosen.filter((s) => s !== params.serial)
        : [...context.chosen, params.serial],
    })),
    setGroup: assign((_, params: { domainId: number | null }) => ({ domainId: params.domainId })),
    setAdded: assign((_, params: { ids: number[] }) => ({ added: params.ids })),
  },
  guards: {
    rangeValid: ({ context }) => Object.keys(rangeErrors(context.start_ip.trim(), context.end_ip.trim())).length === 0,
    isCurrent: ({ context }, params: { requestId: string }) => params.requestId === requestIdOf(context),
    isChoosable: ({ context }, params: { serial: string }) =>
      context.found.some((d) => d.serial_number === params.serial && d.state === 'new'),
    canAdd: ({ context }) => context.chosen.length > 0 && context.domainId !== null,
    hasFieldErrors: (_, params: { error: unknown }) =>
      Object.keys((params.error as CallFailure | undefined)?.fields ?? {}).length > 0,
  },
}).createMachine({
  id: 'deviceSearch',
  context: ({ input }) => ({
    start_ip: input?.start_ip ?? '',
    end_ip: input?.end_ip ?? '',
    errors: {},
    tab: input?.tab ?? 'search',
    searches: 0,
    addresses: 0,
    found: [],
    chosen: [],
    domainId: null,
    added: [],
  }),
  initial: 'editing',
  states: {
    /** The IP range dialog. */
    editing: {
      on: {
        'range.changed': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'search.submitted': [
          { guard: 'rangeValid', target: 'searching', actions: 'beginSearch' },
          { actions: 'checkRange' },
        ],
      },
    },
    searching: {
      invoke: { id: 'results', src: 'results', input: ({ context }) => ({ requestId: requestIdOf(context) }) },
      on: {
        'search.found': {
          guard: { type: 'isCurrent', params: ({ event }) => ({ requestId: event.requestId }) },
          actions: { type: 'addFound', params: ({ event }) => ({ device: event.device }) },
        },
        'device.toggled': {
          guard: { type: 'isChoosable', params: ({ event }) => ({ serial: event.serial }) },
          actions: { type: 'toggle', params: ({ event }) => ({ serial: event.serial }) },
        },
        'group.chosen': { actions: { type: 'setGroup', params: ({ event }) => ({ domainId: event.domainId }) } },
        'search.cancelled': '#deviceSearch.results',
        // Here, not only in `scanning`: a short search can finish before the call that started it answers.
        'search.finished': {
          guard: { type: 'isCurrent', params: ({ event }) => ({ requestId: event.requestId }) },
          target: '#deviceSearch.results',
        },
      },
      initial: 'starting',
      states: {
        starting: {
          invoke: {
            id: 'start',
            src: 'start',
            input: ({ context }) => ({
              start_ip: context.start_ip.trim(),
              end_ip: context.end_ip.trim(),
              request_id: requestIdOf(context),
            }),
            onDone: {
              target: 'scanning',
              actions: { type: 'setAddresses', params: ({ event }) => ({ addresses: event.output.addresses }) },
            },
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
                target: '#deviceSearch.editing',
                actions: { type: 'serverErrors', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: '#deviceSearch.editing',
                actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) },
              },
            ],
          },
        },
        /** Results arrive; the finished message ends it. */
        scanning: {},
      },
    },
    /** Choosing among what was found. */
    results: {
      on: {
        'device.toggled': {
          guard: { type: 'isChoosable', params: ({ event }) => ({ serial: event.serial }) },
          actions: { type: 'toggle', params: ({ event }) => ({ serial: event.serial }) },
        },
        'group.chosen': { actions: { type: 'setGroup', params: ({ event }) => ({ domainId: event.domainId }) } },
        'add.submitted': { guard: 'canAdd', target: 'adding' },
        'search.again': 'editing',
      },
    },
    adding: {
      invoke: {
        id: 'addFound',
        src: 'addFound',
        input: ({ context }) => ({
          domain_id: context.domainId as number,
          devices: context.found.filter((d) => context.chosen.includes(d.serial_number)),
        }),
        onDone: {
          target: 'added',
          actions: [
            { type: 'setAdded', params: ({ event }) => ({ ids: event.output }) },
            {
              type: 'alert',
              params: ({ event }) => ({
                kind: 'success',
                code: 'deviceSearch:alerts.added',
                params: { count: event.output.length },
              }),
            },
          ],
        },
        onError: { target: 'results', actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) } },
      },
    },
    /** The chosen devices are in the project; they connect once told where (BrokerSettingsSent). */
    added: {
      on: { 'search.again': 'editing' },
    },
  },
});

export type DeviceSearchMachine = typeof deviceSearchMachine;
