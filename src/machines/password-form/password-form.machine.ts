import * as v from 'valibot';
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { type PasswordChange, PasswordChangeSchema } from '../../contract/entities/profile';
import type { FieldError } from '../../contract/errors';
import { issuesToFieldErrors } from '../../contract/validation';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';

export interface PasswordFormValues {
  old: string;
  new: string;
  confirm: string;
}

export interface PasswordFormContext {
  values: PasswordFormValues;
  errors: Record<string, FieldError>;
}

export type PasswordFormEvent =
  | { type: 'field.change'; field: keyof PasswordFormValues; value: string }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

const EMPTY: PasswordFormValues = { old: '', new: '', confirm: '' };

/** Client checks: the contract schema plus "two fields must match" (section 5). */
export function validatePassword(values: PasswordFormValues): Record<string, FieldError> {
  const parsed = v.safeParse(PasswordChangeSchema, { old: values.old, new: values.new });
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.issues);
  if (values.confirm !== values.new) errors.confirm = { code: 'mismatch' };
  return errors;
}

/** Change own password: editing → submitting → done (or back to editing with errors). */
export const passwordFormMachine = setup({
  types: { context: {} as PasswordFormContext, events: {} as PasswordFormEvent },
  actors: {
    changePassword: fromPromise<void, PasswordChange>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: { kind: 'error' | 'success'; code: string }) => ({ type: 'alert.show' as const, ...params }),
    ),
    changeField: assign(({ context }, params: { field: keyof PasswordFormValues; value: string }) => {
      const { [params.field]: _, ...errors } = context.errors;
      return { values: { ...context.values, [params.field]: params.value }, errors };
    }),
    showCheckErrors: assign(({ context }) => ({ errors: validatePassword(context.values) })),
    /** Nothing typed stays once the password changed (or to start again). */
    clearValues: assign({ values: EMPTY, errors: {} }),
    showServerErrors: assign((_, params: { failure: CallFailure }) => ({ errors: params.failure.fields ?? {} })),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validatePassword(context.values)).length === 0,
  },
}).createMachine({
  id: 'passwordForm',
  context: { values: EMPTY, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': [
          { guard: 'isValid', target: 'submitting' },
          {
            actions: ['showCheckErrors', { type: 'alert', params: { kind: 'error', code: 'common:form.checkFields' } }],
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ old: context.values.old, new: context.values.new }),
        onDone: {
          target: 'done',
          actions: ['clearValues', { type: 'alert', params: { kind: 'success', code: 'profile:password.changed' } }],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'showServerErrors', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => failureAlert(event.error) },
          ],
        },
      },
    },
    done: {
      on: { 'form.reset': { target: 'editing', actions: 'clearValues' } },
    },
  },
});

export type PasswordFormMachine = typeof passwordFormMachine;
