import { assign, fromPromise, setup } from 'xstate';
import type { GuestKey, GuestOpenAnswer } from '../../contract/entities/guest-key';
import { ERROR_CODES } from '../../contract/errors';
import type { CallFailure } from '../session/session.types';
import type {
  GuestKeyContext,
  GuestKeyEvent,
  GuestKeyField,
  GuestKeyInput,
  GuestKeyValues,
  GuestPageLoad,
} from './guest-key.types';
import { checkValues, defaultValues, type GuestKeyBody, grantBody, valuesFromKey } from './guest-key.values';

type AlertParams = { kind: 'success'; code: string; params?: Record<string, string> };
const failureOf = (error: unknown) => error as CallFailure;
const code = (error: unknown) => failureOf(error)?.code;

const initialContext = (input: GuestKeyInput): GuestKeyContext => ({
  input,
  values: defaultValues(input.mode === 'grant' ? input.start : new Date(0).toISOString()),
  fieldErrors: {},
  granted: null,
  state: null,
  doors: [],
  door: null,
  failure: null,
});

function changed(values: GuestKeyValues, field: GuestKeyField, value: string | boolean): GuestKeyValues {
  if (field === 'validFrom') return { ...values, validatePeriod: { ...values.validatePeriod, from: String(value) } };
  if (field === 'validTo') return { ...values, validatePeriod: { ...values.validatePeriod, to: String(value) } };
  return { ...values, [field]: value };
}

/** The key-level refusals of 8.2 (and "not yet valid"): where the guest page goes for each. */
const KEY_REFUSALS = {
  invalid: ERROR_CODES.invalidIdentifier,
  expired: ERROR_CODES.expired,
  passLimitReached: ERROR_CODES.passLimitReached,
  notYetValid: ERROR_CODES.notYetValid,
} as const;

/**
 * A guest key (doc 1 §2.1, §2.5, §3; doc 2 §7.5, §8.2), both sides of it:
 * - the grant flow (/guest-access/add, /guest-access/:id/edit): [loading the key →] choosing the
 *   rules, period, passes and message → granting → granted, where the guest access URL dialog
 *   shows the link and its QR; a refusal (field errors, the limits' "max pass count or period
 *   reached") goes back to choosing with the reason;
 * - the guest page (/guest-access/:keyId): loading → doors → opening → opened, or each guest error:
 *   the key is `invalid`, `expired`, at its `passLimitReached` or `notYetValid`; a door that does not
 *   open (device problem, device not found, access denied, too many requests) is `doorFailed` and
 *   the other doors stay offered.
 */
export const guestKeyMachine = setup({
  types: {
    context: {} as GuestKeyContext,
    events: {} as GuestKeyEvent,
    input: {} as GuestKeyInput,
  },
  actors: {
    loadKey: fromPromise<GuestKey, { id: number }>(() => new Promise(() => {})),
    grantKey: fromPromise<GuestKey, { id: number | null; body: GuestKeyBody }>(() => new Promise(() => {})),
    loadPage: fromPromise<GuestPageLoad, { keyUid: string }>(() => new Promise(() => {})),
    openDoor: fromPromise<GuestOpenAnswer, { keyUid: string; token: string }>(() => new Promise(() => {})),
  },
  guards: {
    isGrant: ({ context }) => context.input.mode === 'grant',
    isEditing: ({ context }) => context.input.mode === 'grant' && context.input.id !== null,
    hasValidValues: ({ context }) => Object.keys(checkValues(context.values)).length === 0,
    isInvalidKey: (_, params: { error: unknown }) => code(params.error) === KEY_REFUSALS.invalid,
    isExpired: (_, params: { error: unknown }) => code(params.error) === KEY_REFUSALS.expired,
    isPassLimit: (_, params: { error: unknown }) => code(params.error) === KEY_REFUSALS.passLimitReached,
    isNotYetValid: (_, params: { error: unknown }) => code(params.error) === KEY_REFUSALS.notYetValid,
    isStatus: (_, params: { load: GuestPageLoad; status: string }) => params.load.state.status === params.status,
    /** A door of the page, while a pass is left. */
    canOpen: ({ context }, params: { token: string }) =>
      context.doors.some((d) => d.device_token === params.token) && (context.state?.passes?.left ?? 1) > 0,
  },
  actions: {
    alert: (_, _params: AlertParams) => {},
    setValue: assign(({ context }, params: { field: GuestKeyField; value: string | boolean }) => {
      const path = fieldPath(params.field);
      const { [path]: _, ...fieldErrors } = context.fieldErrors;
      return { values: changed(context.values, params.field, params.value), fieldErrors };
    }),
    setRules: assign(({ context }, params: { rules: { id: number; name: string }[] }) => {
      const { access_rules: _, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, selectedAccessRules: params.rules }, fieldErrors };
    }),
    checkValues: assign(({ context }) => ({ fieldErrors: checkValues(context.values) })),
    setLoadedKey: assign((_, params: { key: GuestKey }) => ({ values: valuesFromKey(params.key), failure: null })),
    setGranted: assign((_, params: { key: GuestKey }) => ({ granted: params.key, failure: null, fieldErrors: {} })),
    setFailure: assign((_, params: { error: unknown }) => ({
      failure: failureOf(params.error),
      fieldErrors: failureOf(params.error)?.fields ?? {},
    })),
    clearFailure: assign({ failure: null }),
    startAnother: assign((_, params: { start: string }) => ({
      input: { mode: 'grant' as const, id: null, start: params.start },
      values: defaultValues(params.start),
      granted: null,
      fieldErrors: {},
      failure: null,
    })),
    setPage: assign((_, params: { load: GuestPageLoad }) => ({
      state: params.load.state,
      doors: params.load.doors,
      failure: null,
    })),
    setDoor: assign(({ context }, params: { token: string }) => ({
      door: context.doors.find((d) => d.device_token === params.token) ?? null,
      failure: null,
    })),
    setOpened: assign(({ context }, params: { answer: GuestOpenAnswer }) => ({
      state: context.state ? { ...context.state, passes: params.answer.passes } : context.state,
    })),
  },
}).createMachine({
  id: 'guestKey',
  context: ({ input }) => initialContext(input),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'isEditing', target: 'grant.loading' },
        { guard: 'isGrant', target: 'grant.choosing' },
        { target: 'guest.loading' },
      ],
    },
    grant: {
      initial: 'choosing',
      states: {
        loading: {
          invoke: {
            id: 'loadKey',
            src: 'loadKey',
            input: ({ context }) => ({ id: context.input.mode === 'grant' ? (context.input.id ?? 0) : 0 }),
            onDone: {
              target: 'choosing',
              actions: { type: 'setLoadedKey', params: ({ event }) => ({ key: event.output }) },
            },
            onError: {
              target: 'loadFailed',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadFailed: {
          on: { 'key.retry': { target: 'loading', actions: 'clearFailure' } },
        },
        choosing: {
          on: {
            'key.change': {
              actions: { type: 'setValue', params: ({ event }) => ({ field: event.field, value: event.value }) },
            },
            'rules.change': { actions: { type: 'setRules', params: ({ event }) => ({ rules: event.rules }) } },
            'key.grant': [
              { guard: 'hasValidValues', target: 'granting', actions: 'clearFailure' },
              { actions: 'checkValues' },
            ],
          },
        },
        granting: {
          invoke: {
            id: 'grantKey',
            src: 'grantKey',
            input: ({ context }) => ({
              id: context.input.mode === 'grant' ? context.input.id : null,
              body: grantBody(context.values),
            }),
            onDone: {
              target: 'granted',
              actions: [
                { type: 'setGranted', params: ({ event }) => ({ key: event.output }) },
                {
                  type: 'alert',
                  params: ({ event }) => ({
                    kind: 'success' as const,
                    code: 'guestAccess:grant.done',
                    params: { name: event.output.name ?? event.output.value },
                  }),
                },
              ],
            },
            onError: {
              target: 'choosing',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        granted: {
          on: {
            'key.grantAnother': {
              target: 'choosing',
              actions: { type: 'startAnother', params: ({ event }) => ({ start: event.start }) },
            },
          },
        },
      },
    },
    guest: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ keyUid: context.input.mode === 'guest' ? context.input.keyUid : '' }),
            onDone: [
              {
                guard: { type: 'isStatus', params: ({ event }) => ({ load: event.output, status: 'not_yet_valid' }) },
                target: 'notYetValid',
                actions: { type: 'setPage', params: ({ event }) => ({ load: event.output }) },
              },
              {
                guard: { type: 'isStatus', params: ({ event }) => ({ load: event.output, status: 'expired' }) },
                target: 'expired',
                actions: { type: 'setPage', params: ({ event }) => ({ load: event.output }) },
              },
              {
                guard: { type: 'isStatus', params: ({ event }) => ({ load: event.output, status: 'pass_limit' }) },
                target: 'passLimitReached',
                actions: { type: 'setPage', params: ({ event }) => ({ load: event.output }) },
              },
              { target: 'doors', actions: { type: 'setPage', params: ({ event }) => ({ load: event.output }) } },
            ],
            onError: keyRefusals('loadFailed'),
          },
        },
        loadFailed: { on: { 'key.retry': { target: 'loading', actions: 'clearFailure' } } },
        doors: { on: { 'door.open': openTransition() } },
        opening: {
          invoke: {
            id: 'openDoor',
            src: 'openDoor',
            input: ({ context }) => ({
              keyUid: context.input.mode === 'guest' ? context.input.keyUid : '',
              token: context.door?.device_token ?? '',
            }),
            onDone: {
              target: 'opened',
              actions: { type: 'setOpened', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: keyRefusals('doorFailed'),
          },
        },
        opened: { on: { 'door.open': openTransition() } },
        doorFailed: { on: { 'door.open': openTransition() } },
        invalid: {},
        expired: {},
        passLimitReached: {},
        notYetValid: { on: { 'key.retry': { target: 'loading', actions: 'clearFailure' } } },
      },
    },
  },
});

export type GuestKeyMachine = typeof guestKeyMachine;

/** The server's field path of a form field. */
export function fieldPath(field: GuestKeyField): string {
  switch (field) {
    case 'validFrom':
      return 'period_restrict.from';
    case 'validTo':
      return 'period_restrict.to';
    case 'passLimit':
    case 'restrictPassCount':
      return 'passes_restrict.max_count';
    case 'keyMessage':
      return 'key_message';
    case 'guestType':
      return 'guest_type';
    default:
      return field;
  }
}

function openTransition() {
  return {
    guard: { type: 'canOpen' as const, params: ({ event }: { event: { token: string } }) => ({ token: event.token }) },
    target: 'opening' as const,
    actions: {
      type: 'setDoor' as const,
      params: ({ event }: { event: { token: string } }) => ({ token: event.token }),
    },
  };
}

/** An error of the guest page: the key-level refusals to their states, anything else to `otherwise`. */
function keyRefusals(otherwise: 'loadFailed' | 'doorFailed') {
  const to = (guard: 'isInvalidKey' | 'isExpired' | 'isPassLimit' | 'isNotYetValid', target: string) => ({
    guard: { type: guard, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    target,
    actions: {
      type: 'setFailure' as const,
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  });
  return [
    to('isInvalidKey', 'invalid'),
    to('isExpired', 'expired'),
    to('isPassLimit', 'passLimitReached'),
    to('isNotYetValid', 'notYetValid'),
    {
      target: otherwise,
      actions: {
        type: 'setFailure' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  ];
}
