import type { GatehouseParameters } from './StoryProviders';

type Actors = GatehouseParameters['actors'];

/** Story parameters: /home (the dashboard) with these root actors, by fixture name. */
export const atHome = (actors: Actors) => ({
  gatehouse: {
    actors,
    route: { path: '/home', entry: '/home', title: { key: 'menu:entries./home' } },
  } satisfies GatehouseParameters,
});

/** Story parameters: /login with these root actors. */
export const atLogin = (actors: Actors) => ({
  gatehouse: {
    actors,
    route: { path: '/login', entry: '/login', title: { key: 'menu:pages.login' } },
  } satisfies GatehouseParameters,
});

/** Story parameters: /choose-project with these root actors. */
export const atProjectChoice = (actors: Actors) => ({
  gatehouse: {
    actors,
    route: { path: '/choose-project', entry: '/choose-project', title: { key: 'menu:pages.chooseProject' } },
  } satisfies GatehouseParameters,
});
