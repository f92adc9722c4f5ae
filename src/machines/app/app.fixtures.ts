import { appMachine } from './app.machine';
import type { AppContext } from './app.types';

const base: AppContext = {
  locale: 'en',
  drawerOpen: false,
  collapsedCategories: [],
  floatingButtons: [],
  softphone: null,
};

/**
 * Named app snapshots. Hydrated snapshots carry no children: stories pair them
 * with session and alerts actors built from their own fixtures.
 */
export const appFixtures = {
  loggedOut: appMachine.resolveState({ value: 'loggedOut', context: base }),
  /** Logged in, the first profile still loading. */
  loggedInStarting: appMachine.resolveState({
    value: { loggedIn: 'starting' },
    context: { ...base, drawerOpen: true },
  }),
  loggedIn: appMachine.resolveState({ value: { loggedIn: 'ready' }, context: { ...base, drawerOpen: true } }),
  loggedInRussian: appMachine.resolveState({
    value: { loggedIn: 'ready' },
    context: { ...base, locale: 'ru', drawerOpen: true },
  }),
  collapsedUsers: appMachine.resolveState({
    value: { loggedIn: 'ready' },
    context: { ...base, drawerOpen: true, collapsedCategories: ['users', 'settings'] },
  }),
  drawerClosed: appMachine.resolveState({ value: { loggedIn: 'ready' }, context: base }),
  withFloatingButton: appMachine.resolveState({
    value: { loggedIn: 'ready' },
    context: {
      ...base,
      drawerOpen: true,
      floatingButtons: [
        {
          id: 4242,
          icon: 'phone',
          state: 'normal',
          order: -100,
          color: 'green',
          badge: { text: '2', color: 'red' },
          click: { systemId: 'app', event: { type: 'drawer.toggle' } },
        },
      ],
    },
  }),
};
