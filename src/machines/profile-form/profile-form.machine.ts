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
    changeField: assign(({ context }, params: { field: keyof ProfileFormValues; value: string | boolean }) => {
      const { [params.field]: _, ...errors } = context.errors;
      return { values: { ...context.values, [params.field]: params.value }, errors };
    }),
    showCheckErrors: assign(({ context }) => ({ errors: validateProfileValues(context.values) })),
    resetValues: assign(({ context }) => ({ values: valuesFromProfile(context.profile), errors: {}, failure: null })),
    /** Saved: the server's profile is the new start. */
    applySaved: assign((_, params: { profile: Profile }) => ({
      profile: params.profile,
      values: valuesFromProfile(params.profile),
      errors: {},
      failure: null,
    })),
    showServerErrors: assign((_, params: { failure: CallFailure }) => ({
      failure: params.failure,
      errors: flattenProfilePaths(params.failure.fields ?? {}),
    })),
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
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': [
          { guard: 'isValid', target: 'saving' },
          {
            actions: ['showCheckErrors', { type: 'alert', params: { kind: 'error', code: 'common:form.checkFields' } }],
          },
        ],
        'form.reset': { actions: 'resetValues' },
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
            { type: 'applySaved', params: ({ event }) => ({ profile: event.output }) },
            { type: 'notifySession', params: ({ event }) => ({ profile: event.output }) },
            { type: 'alert', params: { kind: 'success', code: 'profile:saved' } },
          ],
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
  },
});

export type ProfileFormMachine = typeof profileFormMachine;
