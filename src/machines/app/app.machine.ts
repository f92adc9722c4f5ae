import { assign, sendTo, setup } from 'xstate';
import type { Language } from '../../contract/constants';
import { APP_CHANGES_TOPIC, PROFILE_CHANGED, type RealtimeData, userTopic } from '../../contract/realtime';
import { alertsMachine } from '../alerts/alerts.machine';
import { CONVERSATION_FEED_ID, conversationFeedMachine } from '../conversation-feed/conversation-feed.machine';
import { NOTIFICATIONS_SYSTEM_ID, notificationsMachine } from '../notifications/notifications.machine';
import { realtimeMachine } from '../realtime/realtime.machine';
import { sessionMachine } from '../session/session.machine';
import type { SoftphoneAccess } from '../softphone/softphone.access';
import { softphoneMachine } from '../softphone/softphone.machine';
import { TOPIC_FEED_ID, topicFeedMachine } from '../topic-feed/topic-feed.machine';
import type { AppContext, AppEvent, AppInput, FloatingButton } from './app.types';

/** A RoleChangedEvent (7.10), as the realtime actor delivers it. */
const roleChangedId = (data: RealtimeData): number | null =>
  data.type === 'RoleChangedEvent' && typeof data.roleId === 'number' ? data.roleId : null;

/** Softphone access from a profile event (none when the event carries none). */
const accessOf = (event: AppEvent): SoftphoneAccess | null =>
  event.type === 'session.profileLoaded' ? (event.softphone ?? null) : null;

/**
 * The root actor. It spawns the singletons (`session`, `alerts`) and owns the
 * shell's own state: locale, drawer, collapsed menu categories and floating
 * buttons. While logged in it runs `realtime` and the `topicFeed` pages listen
 * through; once the profile is loaded
 * (`loggedIn.ready`) it runs the profile-dependent singletons (notifications,
 * the softphone). Logging out stops them all.
 */
export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as AppInput },
  actors: {
    session: sessionMachine,
    alerts: alertsMachine,
    realtime: realtimeMachine,
    conversationFeed: conversationFeedMachine,
    topicFeed: topicFeedMachine,
    notifications: notificationsMachine,
    softphone: softphoneMachine,
  },
  actions: {
    /** Switches i18next and stores userLocale. */
    applyLocale: (_, _params: { locale: Language }) => {},
    /** Saves the locale to the profile when logged in. */
    saveProfileLocale: (_, _params: { locale: Language }) => {},
    /** Stores sideMenuState. */
    persistMenuState: (_, _params: { collapsed: string[] }) => {},
    clearAlerts: sendTo('alerts', { type: 'alerts.clear' }),
    /** Our profile changed on the server (numbers, role, groups): the session reloads it. */
    reportProfileChanged: sendTo('session', { type: 'session.profileChanged' }),
    /** A role changed: the session reloads the profile when it is ours. */
    reportRoleChanged: sendTo('session', (_, params: { roleId: number }) => ({
      type: 'session.roleChanged',
      roleId: params.roleId,
    })),
    /** Our own topic carries changes of this user's profile (ProfileChangedEvent). */
    listenToOwnTopic: sendTo('realtime', (_, params: { profileId: number }) => ({
      type: 'realtime.subscribe',
      topic: userTopic(params.profileId),
      subscriber: 'app',
    })),
    setLocale: assign((_, params: { locale: Language }) => ({ locale: params.locale })),
    setDrawer: assign((_, params: { open: boolean }) => ({ drawerOpen: params.open })),
    toggleDrawer: assign(({ context }) => ({ drawerOpen: !context.drawerOpen })),
    toggleCategory: assign(({ context }, params: { category: string }) => ({
      collapsedCategories: context.collapsedCategories.includes(params.category)
        ? context.collapsedCategories.filter((c) => c !== params.category)
        : [...context.collapsedCategories, params.category],
    })),
    upsertButton: assign(({ context }, params: { button: FloatingButton }) => ({
      floatingButtons: [...context.floatingButtons.filter((b) => b.id !== params.button.id), params.button],
    })),
    removeButton: assign(({ context }, params: { id: number }) => ({
      floatingButtons: context.floatingButtons.filter((b) => b.id !== params.id),
    })),
    /** The dialer's floating button goes with the softphone that put it there. */
    removeDialerButton: assign(({ context }) => ({
      floatingButtons: context.floatingButtons.filter((b) => b.id !== context.softphone?.fabId),
    })),
    setSoftphone: assign((_, params: { access: SoftphoneAccess | null }) => ({ softphone: params.access })),
    /** Logged out: the shell of the user goes (drawer, buttons, dialer access). */
    resetShell: assign({ drawerOpen: false, floatingButtons: [], softphone: null }),
  },
  guards: {
    isRoleChanged: (_, params: { data: RealtimeData }) => roleChangedId(params.data) !== null,
    isProfileChanged: (_, params: { data: RealtimeData }) => params.data.type === PROFILE_CHANGED,
    /** A reloaded profile changed what the dialer runs with (number, password, permissions). */
    isSoftphoneChanged: ({ context }, params: { access: SoftphoneAccess | null }) =>
      JSON.stringify(context.softphone) !== JSON.stringify(params.access),
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
      softphone: null,
    };
  },
  initial: 'loggedOut',
  states: {
    loggedOut: {
      on: {
        'session.loggedIn': { target: 'loggedIn', actions: { type: 'setDrawer', params: { open: true } } },
      },
    },
    loggedIn: {
      invoke: [
        {
          id: 'realtime',
          systemId: 'realtime',
          src: 'realtime',
          input: { subscriptions: { [APP_CHANGES_TOPIC]: ['app'] } },
        },
        // Topics pages listen to while shown (IP blocking); it needs no profile.
        { id: 'topicFeed', systemId: TOPIC_FEED_ID, src: 'topicFeed' },
      ],
      initial: 'starting',
      states: {
        /** Waiting for the first profile: profile-dependent actors need its id, role and SIP number. */
        starting: {
          on: {
            'session.profileLoaded': {
              target: 'ready',
              actions: [
                { type: 'setSoftphone', params: ({ event }) => ({ access: accessOf(event) }) },
                { type: 'listenToOwnTopic', params: ({ event }) => ({ profileId: event.profileId }) },
              ],
            },
          },
        },
        /** Profile-dependent singletons are invoked here (notifications, sipRegistration, dialer, interception). */
        ready: {
          invoke: [
            {
              id: 'notifications',
              systemId: NOTIFICATIONS_SYSTEM_ID,
              src: 'notifications',
              input: ({ event }) => ({ profileId: event.type === 'session.profileLoaded' ? event.profileId : 0 }),
            },
            {
              id: 'conversationFeed',
              systemId: CONVERSATION_FEED_ID,
              src: 'conversationFeed',
              input: ({ event }) => ({ profileId: event.type === 'session.profileLoaded' ? event.profileId : 0 }),
            },
          ],
          initial: 'phone',
          states: {
            /** The dialer, SIP registration and interception, when the user may use the dialer. */
            phone: {
              invoke: { id: 'softphone', src: 'softphone', input: ({ context }) => ({ access: context.softphone }) },
              exit: 'removeDialerButton',
              on: {
                // A reloaded profile with another number or other rights restarts the softphone only:
                // the old registration ends and the new one starts (notifications keep running).
                'session.profileLoaded': {
                  guard: { type: 'isSoftphoneChanged', params: ({ event }) => ({ access: accessOf(event) }) },
                  target: 'phone',
                  reenter: true,
                  actions: { type: 'setSoftphone', params: ({ event }) => ({ access: accessOf(event) }) },
                },
              },
            },
          },
        },
      },
      on: {
        'realtime.message': [
          {
            guard: { type: 'isRoleChanged', params: ({ event }) => ({ data: event.data }) },
            actions: { type: 'reportRoleChanged', params: ({ event }) => ({ roleId: roleChangedId(event.data)! }) },
          },
          {
            guard: { type: 'isProfileChanged', params: ({ event }) => ({ data: event.data }) },
            actions: 'reportProfileChanged',
          },
        ],
        'session.loggedOut': {
          target: 'loggedOut',
          actions: ['resetShell', 'clearAlerts'],
        },
        'locale.change': {
          actions: [
            { type: 'setLocale', params: ({ event }) => ({ locale: event.locale }) },
            { type: 'applyLocale', params: ({ event }) => ({ locale: event.locale }) },
            { type: 'saveProfileLocale', params: ({ event }) => ({ locale: event.locale }) },
          ],
        },
        // Buttons belong to the shell: a late upsert after logout must not put one on the login page.
        'fab.upsert': { actions: { type: 'upsertButton', params: ({ event }) => ({ button: event.button }) } },
        'fab.remove': { actions: { type: 'removeButton', params: ({ event }) => ({ id: event.id }) } },
      },
    },
  },
  on: {
    'locale.adopt': {
      actions: [
        { type: 'setLocale', params: ({ event }) => ({ locale: event.locale }) },
        { type: 'applyLocale', params: ({ event }) => ({ locale: event.locale }) },
      ],
    },
    'locale.change': {
      actions: [
        { type: 'setLocale', params: ({ event }) => ({ locale: event.locale }) },
        { type: 'applyLocale', params: ({ event }) => ({ locale: event.locale }) },
      ],
    },
    'drawer.toggle': { actions: 'toggleDrawer' },
    'drawer.close': { actions: { type: 'setDrawer', params: { open: false } } },
    'menu.toggleCategory': {
      actions: [
        { type: 'toggleCategory', params: ({ event }) => ({ category: event.category }) },
        { type: 'persistMenuState', params: ({ context }) => ({ collapsed: context.collapsedCategories }) },
      ],
    },
  },
});

export type AppMachine = typeof appMachine;
