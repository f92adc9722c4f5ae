import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Profile, ProfilePatch } from '../../contract/entities/profile';
import type { FieldError } from '../../contract/errors';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';
import {
  flattenProfilePaths,
  type ProfileFormValues,
  patchFromValues,
  validateProfileValues,
  valuesFromProfile,
} from './profile-form.values';

export interface ProfileFormContext {
  profile: Profile;
  values: ProfileFormValues;
  errors: Record<string, FieldError>;
  failure: CallFailure | null;
}

export type ProfileFormEvent =
  | { type: 'field.change'; field: keyof ProfileFormValues; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

/**
 * The own-profile form: edit → validate with the contract schema → PATCH.
 * On failure the message is 'check fields data' (2.5) and server field errors
 * land on their fields. On success the session receives the new profile.
 */
export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
    input: {} as { profile: Profile },
  },
  actors: {
    saveProfile: fromPromise<Profile, ProfilePatch>(() => new Promise(() => {})),
  },
  actions: {
    notifySession: sendTo(
      ({ system }) => system.get('session'),
      (_, params: { profile: Profile }) => ({ type: 'profile.updated' as const, profile: params.profile }),
    ),
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: { kind: 'error' | 'success'; code: string }) => ({ type: 'alert.show' as const, ...params }),
    ),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateProfileValues(context.values)).length === 0,
  },
}).createMachine({
  id: 'profileForm',
  context: ({ input }) => ({
    profile: input.profile,
    values: valuesFromProfile(input.profile),
    errors: {},
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
            errors: ({ context, event }) => {
              const { [event.field]: _, ...rest } = context.errors;
              return rest;
            },
          }),
        },
        'form.submit': [
          { guard: 'isValid', target: 'saving' },
          {
            actions: [
              assign({ errors: ({ context }) => validateProfileValues(context.values) }),
              { type: 'alert', params: { kind: 'error', code: 'common:form.checkFields' } },
            ],
          },
        ],
        'form.reset': {
          actions: assign({ values: ({ context }) => valuesFromProfile(context.profile), errors: {}, failure: null }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => patchFromValues(context.values),
        onDone: {
          target: 'editing',
          actions: [
            assign({
              profile: ({ event }) => event.output,
              values: ({ event }) => valuesFromProfile(event.output),
              errors: {},
              failure: null,
            }),
            { type: 'notifySession', params: ({ event }) => ({ profile: event.output }) },
            { type: 'alert', params: { kind: 'success', code: 'profile:saved' } },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({
              failure: ({ event }) => event.error as CallFailure,
              errors: ({ event }) => flattenProfilePaths((event.error as CallFailure).fields ?? {}),
            }),
            {
              type: 'alert',
              params: ({ event }) => failureAlert(event.error),
            },
          ],
        },
      },
    },
  },
});

export type ProfileFormMachine = typeof profileFormMachine;
