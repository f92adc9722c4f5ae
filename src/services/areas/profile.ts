import { fromPromise } from 'xstate';
import { passwordFormMachine } from '../../machines/password-form/password-form.machine';
import { profileFormMachine } from '../../machines/profile-form/profile-form.machine';
import { defineArea } from './area';

/** The caller's own profile and password (7.2); a saved profile reaches the session and the locale. */
export const profileArea = defineArea('profile', ({ http, showAlert, session, app }) => ({
  entities: {},
  machines: {
    profileForm: profileFormMachine.provide({
      actions: {
        alert: (_, params) => showAlert(params),
        notifySession: (_, { profile }) => {
          session()?.send({ type: 'profile.updated', profile });
          const root = app();
          const locale = profile.locale;
          if (root && locale && locale !== root.getSnapshot().context.locale)
            root.send({ type: 'locale.adopt', locale });
        },
      },
      actors: {
        saveProfile: fromPromise(async ({ input }) => (await http.call('PATCH /profile', { body: input })).data),
      },
    }),
    passwordForm: passwordFormMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        changePassword: fromPromise(async ({ input }) => {
          await http.call('POST /profile/password', { body: input });
        }),
      },
    }),
  },
}));
