import { type Actor, type ActorRefFrom, createActor } from 'xstate';
import type { Language } from '../contract/constants';
import type { alertsMachine } from '../machines/alerts/alerts.machine';
import type { sessionMachine } from '../machines/session/session.machine';
import { composeAreas } from './areas/areas';
import type { ShowAlert } from './entity-machines';
import { createHttp } from './http';
import { createNavigation } from './navigation';
import type { DesktopApi, NotificationEffectsDeps } from './notification-effects';
import type { SoundPlayer } from './notification-sound';
import { provideRootActor } from './root-actor';
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
 * Composes the console: storage and the HTTP client, the root actor with the
 * real effects of its singletons (src/services/root-actor.ts), and the page
 * machines every area provides (src/services/areas). Areas are listed in
 * areas/areas.ts; nothing here grows when one is added.
 */
export function createGatehouse(deps: GatehouseDeps) {
  const storage = createStorage(deps.storage);
  let app: Actor<ReturnType<typeof provideRootActor>> | undefined;
  const session = () => app?.system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
  const showAlert: ShowAlert = (alert) => app?.system.get('alerts')?.send({ type: 'alert.show', ...alert });

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

  const locale = initialLocale(storage);
  app = createActor(
    provideRootActor({
      http,
      storage,
      navigation,
      softphone,
      session,
      changeLanguage: deps.changeLanguage,
      describeNotification: deps.describeNotification,
      desktopNotifications: deps.desktopNotifications,
      sound: deps.sound,
      local: deps.storage?.local,
      baseUrl: deps.baseUrl,
      WebSocket: deps.WebSocket,
    }),
    {
      systemId: 'app',
      input: {
        locale,
        collapsedCategories: storage.readMenuState(),
        session: { tokens: storage.readTokens(), remember: storage.readRemember() },
      },
    },
  );
  deps.changeLanguage(locale);
  app.start();

  // Page actors live in their own systems, so their effects reach the root actor's children directly.
  const root = app;
  const machines = composeAreas({ http, showAlert, session, app: () => root });

  const refs = {
    app: root,
    session: session()!,
    alerts: root.system.get('alerts') as ActorRefFrom<typeof alertsMachine>,
  };
  return { refs, machines, http, storage, navigation, attachVideo: softphone.attachVideo };
}
