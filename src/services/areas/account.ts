import { fromPromise } from 'xstate';
import { publicFormMachine } from '../../machines/public-form/public-form.machine';
import { defineArea } from './area';

/** Logged-out account flows (7.2): password recovery and reset, registration, self-registration, confirmation. */
export const accountArea = defineArea('account', ({ http }) => ({
  entities: {},
  machines: {
    accountForms: {
      recovery: publicFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) =>
            http.call('POST /password/recovery', { body: { email: input.email ?? '' } }),
          ),
        },
      }),
      reset: (code: string) =>
        publicFormMachine.provide({
          actors: {
            submit: fromPromise(async ({ input }) =>
              http.call('POST /password/reset', { body: { code, password: input.password ?? '' } }),
            ),
          },
        }),
      selfRegistration: publicFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) =>
            http.call('POST /registration/self', {
              body: {
                user_name: input.user_name ?? '',
                user_email: input.email ?? '',
                user_phone: input.user_phone ?? '',
                user_country: input.user_country ?? '',
                user_type: (input.user_type ?? 'private') as 'private',
                object_name: input.object_name ?? '',
                user_password: input.password ?? '',
              },
            }),
          ),
        },
      }),
      confirm: (token: string) =>
        publicFormMachine.provide({
          actors: {
            load: fromPromise<Record<string, unknown>>(
              async () => (await http.call('GET /registration/confirm/{token}', { params: { token } })).data,
            ),
            submit: fromPromise<unknown, Record<string, string>>(async () =>
              http.call('POST /registration/confirm', { body: { token } }),
            ),
          },
        }),
      registration: (token: string) =>
        publicFormMachine.provide({
          actors: {
            load: fromPromise<Record<string, unknown>>(
              async () => (await http.call('GET /registration/{token}', { params: { token } })).data,
            ),
            submit: fromPromise(async ({ input }) =>
              http.call('POST /registration', { body: { token, password: input.password ?? '' } }),
            ),
          },
        }),
    },
  },
}));
