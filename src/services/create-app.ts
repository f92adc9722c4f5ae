import * as v from 'valibot';
import { type Actor, type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { Language } from '../contract/constants';
import { TIMEOUTS } from '../contract/constants';
import { StructureImportResultSchema } from '../contract/entities/group-structure';
import type { HomeCounts } from '../contract/entities/server-settings';
import { alertsMachine } from '../machines/alerts/alerts.machine';
import { appMachine } from '../machines/app/app.machine';
import { generateGroupsMachine } from '../machines/generate-groups/generate-groups.machine';
import { loaderMachine } from '../machines/loader/loader.machine';
import { notificationsMachine } from '../machines/notifications/notifications.machine';
import { passwordFormMachine } from '../machines/password-form/password-form.machine';
import { profileFormMachine } from '../machines/profile-form/profile-form.machine';
import { publicFormMachine } from '../machines/public-form/public-form.machine';
import { realtimeMachine } from '../machines/realtime/realtime.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { softphoneMachine } from '../machines/softphone/softphone.machine';
import { structureImportMachine } from '../machines/structure-import/structure-import.machine';
import { createCommunications } from './communications';
import { createConversationLive } from './conversation-live';
import { saveFile } from './entity-download';
import { createEntityRegistry } from './entity-registry';
import { createHttp } from './http';
import { createNavigation } from './navigation';
import {
  createNotificationImplementations,
  type DesktopApi,
  type NotificationEffectsDeps,
} from './notification-effects';
import { createNotificationPageMachines } from './notification-pages';
import type { SoundPlayer } from './notification-sound';

const StructureImportAnswerSchema = v.object({ data: StructureImportResultSchema });

import { createRealtimeImplementations } from './realtime-socket';
import { createSessionImplementations } from './session-effects';
import { createSoftphone, type SoftphoneDeps } from './sip/softphone';
import { type BrowserStorage, createStorage, initialLocale } from './storage';
import { waitForFreshToken } from './token-refresh';

export interface GatehouseDeps {
  /** Switches the UI language (i18next lives in the view layer). */
  changeLanguage: (locale: Language) => void;
  /** A notification in words for desktop notifications (i18next lives in the view layer). */
  describeNotification?: NotificationEffectsDeps['describe'];
  /** The browser's desktop notifications (default: the real API; tests pass a fake or null). */
  desktopNotifications?: DesktopApi | null;
  /** Plays notification sounds (default: audio elements). */
  sound?: SoundPlayer;
  storage?: BrowserStorage;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** The realtime socket class (default: the browser's WebSocket). */
  WebSocket?: typeof WebSocket;
  /** Texts of the softphone's desktop notifications (i18next's `t`). */
  translate?: SoftphoneDeps['translate'];
  /** The softphone's SIP user agent (default: JsSIP over WSS; tests pass a fake). */
  createSipAgent?: SoftphoneDeps['createAgent'];
}

/**
 * Composes the console: storage, the HTTP client and the root actor with its
 * real effects, plus the page machines views create actors from.
 */
export function createGatehouse(deps: GatehouseDeps) {
  const storage = createStorage(deps.storage);
  let app: Actor<typeof appMachine> | undefined;
  const session = () => app?.system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;

  const http = createHttp({
    getToken: () => session()?.getSnapshot().context.tokens?.token ?? null,
    onUnauthorized: (used) => waitForFreshToken(session(), used),
    fetch: deps.fetch,
    baseUrl: deps.baseUrl,
  });

  const navigation = createNavigation();
  const softphone = createSoftphone({
    http,
    // The root actor exists by the time the softphone raises an alert.
    showAlert: (alert) => app?.system.get('alerts')?.send({ type: 'alert.show', ...alert }),
    translate: deps.translate ?? ((key) => key),
    createAgent: deps.createSipAgent,
  });
  const provided = appMachine.provide({
    actors: {
      session: sessionMachine.provide(createSessionImplementations(http, storage)),
      alerts: alertsMachine,
      notifications: notificationsMachine.provide(
        createNotificationImplementations({
          http,
          navigation,
          describe: deps.describeNotification ?? ((n) => ({ title: n.type, body: '' })),
          local: deps.storage?.local,
          desktop: deps.desktopNotifications,
          sound: deps.sound,
        }),
      ),
      softphone: softphoneMachine.provide({
        actors: {
          dialer: softphone.dialer,
          sipRegistration: softphone.sipRegistration,
          interception: softphone.interception,
        },
      }),
      realtime: realtimeMachine.provide(
        createRealtimeImplementations({
          getToken: () => session()?.getSnapshot().context.tokens?.token ?? null,
          refresh: (used) => waitForFreshToken(session(), used),
          origin: deps.baseUrl ? new URL(deps.baseUrl).origin : undefined,
          WebSocket: deps.WebSocket,
        }),
      ),
    },
    actions: {
      applyLocale: (_, { locale }) => {
        storage.writeLocale(locale);
        deps.changeLanguage(locale);
      },
      saveProfileLocale: (_, { locale }) => {
        // A preference: a failed save is logged, not shown; the local choice still holds.
        http
          .call('PATCH /profile', { body: { locale } })
          .then((answer) => session()?.send({ type: 'profile.updated', profile: answer.data }))
          .catch((failure) => console.warn('could not save the locale to the profile', failure));
      },
      persistMenuState: (_, { collapsed }) => storage.writeMenuState(collapsed),
    },
  });

  const locale = initialLocale(storage);
  app = createActor(provided, {
    systemId: 'app',
    input: {
      locale,
      collapsedCategories: storage.readMenuState(),
      session: { tokens: storage.readTokens(), remember: storage.readRemember() },
    },
  });
  deps.changeLanguage(locale);
  app.start();

  // Page actors live in their own systems, so their effects reach the root actor's children directly.
  const root = app;
  const showAlert = (alert: { kind: 'error' | 'success'; code: string }) =>
    root.system.get('alerts')?.send({ type: 'alert.show', ...alert });

  const live = createConversationLive(() => root);
  const registry = createEntityRegistry(http, showAlert, live);
  const machines = {
    ...registry,
    communications: createCommunications(http, showAlert, live),
    notifications: createNotificationPageMachines(http, showAlert, (event) =>
      root.system.get('notifications')?.send(event),
    ),
    profileForm: profileFormMachine.provide({
      actions: {
        alert: (_, params) => showAlert(params),
        notifySession: (_, { profile }) => {
          session()?.send({ type: 'profile.updated', profile });
          const locale = profile.locale;
          if (locale && locale !== root.getSnapshot().context.locale) root.send({ type: 'locale.adopt', locale });
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
    homeCounts: loaderMachine.provide({
      actors: {
        fetch: fromPromise<unknown>(async (): Promise<HomeCounts> => (await http.call('GET /home/counts')).data),
      },
    }),
    structureImport: structureImportMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        upload: fromPromise(async ({ input }) => {
          const form = new FormData();
          form.append('role_id', String(input.roleId));
          form.append('tz_offset', String(session()?.getSnapshot().context.profile?.profile.time_zone ?? 0));
          form.append('file', input.file);
          const answer = await http.request(
            'POST',
            `/domains/${input.groupId}/import/structure`,
            StructureImportAnswerSchema,
            {
              body: form,
              timeout: TIMEOUTS.importExportBackup,
            },
          );
          return answer.data;
        }),
      },
    }),
    generateGroups: generateGroupsMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        previewTree: fromPromise(
          async ({ input }) => (await http.call('POST /domains/generate/tree', { body: input })).data,
        ),
        saveTree: fromPromise(async ({ input }) => {
          const answer = await http.call('POST /domains/generate/save', {
            body: { parent_id: input.parent_id, items: input.items },
          });
          return { created: answer.data.created };
        }),
      },
    }),
    structureExport: (groupId: number) =>
      loaderMachine.provide({
        actors: {
          fetch: fromPromise<unknown>(async () => {
            const tz = session()?.getSnapshot().context.profile?.profile.time_zone ?? 0;
            const file = await http.download(`/domains/${groupId}/export/structure`, {
              searchParams: { tz_offset: tz },
              timeout: TIMEOUTS.importExportBackup,
            });
            saveFile(file, 'structure.xlsx');
            return true;
          }),
        },
      }),
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
    terms: (termsLocale: string) =>
      loaderMachine.provide({
        actors: { fetch: fromPromise<unknown>(() => http.text(`terms/${termsLocale}.html`)) },
      }),
  };

  const refs = {
    app,
    session: session()!,
    alerts: app.system.get('alerts') as ActorRefFrom<typeof alertsMachine>,
  };
  return { refs, machines, http, storage, navigation, attachVideo: softphone.attachVideo };
}
