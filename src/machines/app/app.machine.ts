import { assign, sendTo, setup } from 'xstate';
import type { Language } from '../../contract/constants';
import { alertsMachine } from '../alerts/alerts.machine';
import { NOTIFICATIONS_SYSTEM_ID, notificationsMachine } from '../notifications/notifications.machine';
import { sessionMachine } from '../session/session.machine';
import type { AppContext, AppEvent, AppInput, FloatingButton } from './app.types';

/**
 * The root actor. It spawns the singletons (`session`, `alerts`) and owns the
 * shell's own state: locale, drawer, collapsed menu categories and floating
 * buttons. Once the session has loaded the profile it runs the notification
 * centre (`notifications`); realtime and the dialer join it here.
 */
export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as AppInput },
  actors: { session: sessionMachine, alerts: alertsMachine, notifications: notificationsMachine },
  actions: {
    /** Switches i18next and stores userLocale. */
    applyLocale: (_, _params: { locale: Language }) => {},
    /** Saves the locale to the profile when logged in. */
    saveProfileLocale: (_, _params: { locale: Language }) => {},
    /** Stores sideMenuState. */
    persistMenuState: (_, _params: { collapsed: string[] }) => {},
    clearAlerts: sendTo('alerts', { type: 'alerts.clear' }),
  },
}).createMachine({
  id: 'app',
  context: ({ input, spawn }) => {
    spawn('alerts', { id: 'alerts', systemId: 'alerts' });
    spawn('session', { id: 'session', systemId: 'session', input: input.session });
    return {
      locale: input.locale,
      drawerOpen: false,
      collapsedCategories: input.collapsedCategories,
      floatingButtons: [],
    };
  },
  initial: 'loggedOut',
  states: {
    loggedOut: {
      on: {
        'session.loggedIn': { target: 'loggedIn', actions: assign({ drawerOpen: true }) },
      },
    },
    loggedIn: {
      initial: 'waitingForProfile',
      states: {
        waitingForProfile: { on: { 'session.profileLoaded': 'ready' } },
        // The profile is loaded: singletons that need the user run here, for the rest of the session.
        ready: {
          invoke: {
            id: 'notifications',
            systemId: NOTIFICATIONS_SYSTEM_ID,
            src: 'notifications',
            input: ({ event }) => ({ profileId: event.type === 'session.profileLoaded' ? event.profileId : 0 }),
          },
        },
      },
      on: {
        'session.loggedOut': {
          target: 'loggedOut',
          actions: [assign({ drawerOpen: false, floatingButtons: [] }), 'clearAlerts'],
        },
        'locale.change': {
          actions: [
            assign({ locale: ({ event }) => event.locale }),
            { type: 'applyLocale', params: ({ event }) => ({ locale: event.locale }) },
            { type: 'saveProfileLocale', params: ({ event }) => ({ locale: event.locale }) },
          ],
        },
      },
    },
  },
  on: {
    'locale.adopt': {
      actions: [
        assign({ locale: ({ event }) => event.locale }),
        { type: 'applyLocale', params: ({ event }) => ({ locale: event.locale }) },
      ],
    },
    'locale.change': {
      actions: [
        assign({ locale: ({ event }) => event.locale }),
        { type: 'applyLocale', params: ({ event }) => ({ locale: event.locale }) },
      ],
    },
    'drawer.toggle': { actions: assign({ drawerOpen: ({ context }) => !context.drawerOpen }) },
    'drawer.close': { actions: assign({ drawerOpen: false }) },
    'menu.toggleCategory': {
      actions: [
        assign({
          collapsedCategories: ({ context, event }) =>
            context.collapsedCategories.includes(event.category)
              ? context.collapsedCategories.filter((c) => c !== event.category)
              : [...context.collapsedCategories, event.category],
        }),
        { type: 'persistMenuState', params: ({ context }) => ({ collapsed: context.collapsedCategories }) },
      ],
    },
    'fab.upsert': {
      actions: assign({
        floatingButtons: ({ context, event }) => [
          ...context.floatingButtons.filter((b: FloatingButton) => b.id !== event.button.id),
          event.button,
        ],
      }),
    },
    'fab.remove': {
      actions: assign({
        floatingButtons: ({ context, event }) => context.floatingButtons.filter((b) => b.id !== event.id),
      }),
    },
  },
});

export type AppMachine = typeof appMachine;
