import { type ActorRefFrom, fromPromise } from 'xstate';
import type { Language } from '../contract/constants';
import { alertsMachine } from '../machines/alerts/alerts.machine';
import { appMachine } from '../machines/app/app.machine';
import { notificationsMachine } from '../machines/notifications/notifications.machine';
import { realtimeMachine } from '../machines/realtime/realtime.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { type SoftphoneParts, softphoneMachine } from '../machines/softphone/softphone.machine';
import type { Http } from './http';
import type { Navigation } from './navigation';
import {
  createNotificationImplementations,
  type DesktopApi,
  type NotificationEffectsDeps,
} from './notification-effects';
import type { SoundPlayer } from './notification-sound';
import { createRealtimeImplementations } from './realtime-socket';
import { createSessionImplementations } from './session-effects';
import type { AppStorage } from './storage';
import { waitForFreshToken } from './token-refresh';

/** What the root actor's singletons need besides the transport. */
export interface RootActorDeps {
  http: Http;
  storage: AppStorage;
  navigation: Navigation;
  /** The softphone's singletons with their effects: a chunk loaded with the first registration. */
  loadSoftphone: () => Promise<SoftphoneParts>;
  /** Tells the user the dialer's chunk did not arrive (the softphone tries again by itself). */
  showAlert: (alert: { kind: 'error'; code: string }) => void;
  /** The session actor, once the root actor runs (tokens for the socket, the locale's save). */
  session: () => ActorRefFrom<typeof sessionMachine> | undefined;
  changeLanguage: (locale: Language) => void;
  describeNotification?: NotificationEffectsDeps['describe'];
  desktopNotifications?: DesktopApi | null;
  sound?: SoundPlayer;
  local?: Storage;
  baseUrl?: string;
  WebSocket?: typeof WebSocket;
}

/**
 * The root actor's machine with the real effects of its singletons: session,
 * alerts, notifications, softphone, realtime, and the shell's own actions
 * (locale, menu state). Page machines come from the areas instead.
 */
export function provideRootActor(deps: RootActorDeps) {
  const { http, storage, session } = deps;
  return appMachine.provide({
    actors: {
      session: sessionMachine.provide(createSessionImplementations(http, storage)),
      alerts: alertsMachine,
      notifications: notificationsMachine.provide(
        createNotificationImplementations({
          http,
          navigation: deps.navigation,
          describe: deps.describeNotification ?? ((n) => ({ title: n.type, body: '' })),
          local: deps.local,
          desktop: deps.desktopNotifications,
          sound: deps.sound,
        }),
      ),
      softphone: softphoneMachine.provide({
        actors: { loadParts: fromPromise(deps.loadSoftphone) },
        actions: { reportLoadFailure: () => deps.showAlert({ kind: 'error', code: 'errors.http.network' }) },
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
}
