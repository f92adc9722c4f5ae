import { assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../contract/errors';
import type { CallFailure } from '../session/session.types';

/**
 * A logged-out form of the account flows (2.1): password recovery (e-mail),
 * password reset (new password for a mailed code) and registration by
 * invitation (first loads who is invited, then a new password). `load` runs
 * only when the flow has something to load; a code that is unknown or spent
 * ends in `invalid`, where the page offers the way forward.
 */
export interface PublicFormContext {
  values: Record<string, string>;
  errors: Record<string, FieldError>;
  /** What `load` answered (the invitation), shown above the form. */
  subject: Record<string, unknown> | null;
  failure: CallFailure | null;
}

export type PublicFormEvent = { type: 'field.change'; field: string; value: string } | { type: 'form.submit' };

export interface PublicFormInput {
  /** Load before editing (registration by invitation). */
  loads: boolean;
  /** Field names; `password` and `password_confirmation` must match when both are present. */
  fields: string[];
  /**
   * More codes that end this flow as unusable (a confirmation link or a self-registration on a
   * server that has closed self-registration: 'method or action prohibited').
   */
  unusableCodes?: string[];
}

/** Codes meaning the mailed link cannot be used any more (8.2). */
export const DEAD_LINK_CODES = ['invite code not found', 'verification link outdated or incorrect'];
/** Body fields that only the link fills in: a refusal of one of them means the link is broken (cut short). */
const LINK_FIELDS = ['token', 'code'];

/** Whether a refusal means the link itself is bad, so the page says so instead of a raw error. */
export function isDeadLinkFailure(failure: CallFailure | undefined, extraCodes: readonly string[] = []): boolean {
  if (!failure) return false;
  if (DEAD_LINK_CODES.includes(failure.code) || extraCodes.includes(failure.code)) return true;
  return Object.keys(failure.fields ?? {}).some((field) => LINK_FIELDS.includes(field));
}

export function validatePublicForm(values: Record<string, string>, fields: string[]): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of fields) if (!values[field]?.trim()) errors[field] = { code: 'required' };
  if (fields.includes('email') && values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
    errors.email = { code: 'email' };
  }
  if (fields.includes('password') && values.password && values.password.length < 8) {
    errors.password = { code: 'min_length', params: { length: 8 } };
  }
  if (
    fields.includes('password_confirmation') &&
    values.password_confirmation &&
    values.password !== values.password_confirmation
  ) {
    errors.password_confirmation = { code: 'mismatch' };
  }
  return errors;
}

export const publicFormMachine = setup({
  types: {
    context: {} as PublicFormContext & PublicFormInput,
    events: {} as PublicFormEvent,
    input: {} as PublicFormInput,
    tags: {} as 'loading',
  },
  actors: {
    load: fromPromise<Record<string, unknown>>(() => new Promise(() => {})),
    submit: fromPromise<unknown, Record<string, string>>(() => new Promise(() => {})),
  },
  actions: {
    changeField: assign(({ context }, params: { field: string; value: string }) => {
      const { [params.field]: _, ...errors } = context.errors;
      return { values: { ...context.values, [params.field]: params.value }, errors };
    }),
    takeSubject: assign((_, params: { subject: Record<string, unknown> }) => ({ subject: params.subject })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
    showCheckErrors: assign(({ context }) => ({ errors: validatePublicForm(context.values, context.fields) })),
    showServerErrors: assign((_, params: { failure: CallFailure }) => ({
      failure: params.failure,
      errors: params.failure.fields ?? {},
    })),
  },
  guards: {
    loads: ({ context }) => context.loads,
    isValid: ({ context }) => Object.keys(validatePublicForm(context.values, context.fields)).length === 0,
    isDeadLink: ({ context }, params: { error: unknown }) =>
      isDeadLinkFailure(params.error as CallFailure | undefined, context.unusableCodes),
  },
}).createMachine({
  id: 'publicForm',
  context: ({ input }) => ({ values: {}, errors: {}, subject: null, failure: null, ...input }),
  initial: 'starting',
  states: {
    starting: {
      tags: 'loading',
      always: [{ guard: 'loads', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'editing',
          actions: { type: 'takeSubject', params: ({ event }) => ({ subject: event.output }) },
        },
        onError: [
          { guard: { type: 'isDeadLink', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          {
            target: 'failed',
            actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
          },
        ],
      },
    },
    editing: {
      on: {
        'field.change': {
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearFailure' },
          { actions: 'showCheckErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.values,
        onDone: 'done',
        onError: [
          { guard: { type: 'isDeadLink', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          {
            target: 'editing',
            actions: { type: 'showServerErrors', params: ({ event }) => ({ failure: event.error as CallFailure }) },
          },
        ],
      },
    },
    done: { type: 'final' },
    invalid: { type: 'final' },
    failed: { type: 'final' },
  },
});

export type PublicFormMachine = typeof publicFormMachine;
