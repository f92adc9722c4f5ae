import { type Actor, type ActorRefFrom, createActor } from 'xstate';
import type { Language } from '../contract/constants';
import type { alertsMachine } from '../machines/alerts/alerts.machine';
import type { sessionMachine } from '../machines/session/session.machine';
import type { SoftphoneParts } from '../machines/softphone/softphone.machine';
import type { GatehousePageMachines } from './areas/areas';
import type { ShowAlert } from './entity-machines';
import { createHttp } from './http';
import { createNavigation } from './navigation';
import type { DesktopApi, NotificationEffectsDeps } from './notification-effects';
import type { SoundPlayer } from './notification-sound';
import { provideRootActor } from './root-actor';
import type { BrowserMedia } from './sip/media';
import type { Softphone, SoftphoneDeps } from './sip/softphone';
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
  /** Loads what signed-in pages need beyond the login page's chunks (the rest of the translations). */
  loadSignedIn?: () => Promise<void>;
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
  // The softphone (JsSIP, the dialer and call machines) is a chunk loaded with the first registration.
  let softphone: Softphone | undefined;
  let loadingSoftphone: Promise<SoftphoneParts> | undefined;
  const loadSoftphone = (): Promise<SoftphoneParts> => {
    loadingSoftphone ??= import('./sip/softphone').then((m) => {
      softphone ??= m.createSoftphone({
        http,
        showAlert: (alert) => app?.system.get('alerts')?.send({ type: 'alert.show', ...alert }),
        translate: deps.translate ?? ((key) => key),
        createAgent: deps.createSipAgent,
      });
      return softphone;
    });
    loadingSoftphone.catch(() => {
      loadingSoftphone = undefined;
    });
    return loadingSoftphone;
  };
  /** Views attach video elements through this; they exist only while the softphone's parts run. */
  const attachVideo: BrowserMedia['attachVideo'] = (speechId, kind, element) =>
    softphone?.attachVideo(speechId, kind, element);

  const locale = initialLocale(storage);
  app = createActor(
    provideRootActor({
      http,
      storage,
      navigation,
      loadSoftphone,
      showAlert,
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
  // The areas (every page's machines) are a chunk of their own: the login page needs none of them
  // (first-load budget, issue 10); pages suspend until it is there.
  // Loading starts at login (or when a logged-out page such as password recovery first asks).
  const root = app;
  let loading: Promise<GatehousePageMachines> | undefined;
  const machines = (): Promise<GatehousePageMachines> => {
    loading ??= import('./areas/areas').then((areas) =>
      areas.composeAreas({ http, showAlert, session, app: () => root }),
    );
    return loading;
  };
  const signedIn = () => {
    void machines();
    void deps.loadSignedIn?.();
  };
  if (root.getSnapshot().matches('loggedIn')) signedIn();
  else {
    const waiting = root.subscribe((snapshot) => {
      if (!snapshot.matches('loggedIn')) return;
      waiting.unsubscribe();
      signedIn();
    });
  }

  const refs = {
    app: root,
    session: session()!,
    alerts: root.system.get('alerts') as ActorRefFrom<typeof alertsMachine>,
  };
  return { refs, machines, http, storage, navigation, attachVideo };
}
