import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { Language } from '../../contract/constants';
import { alertsFixtures } from '../../machines/alerts/alerts.fixtures';
import { appFixtures } from '../../machines/app/app.fixtures';
import { sessionFixtures } from '../../machines/session/session.fixtures';
import { ActorProvider } from '../app/actor-context';
import { createI18n } from '../app/i18n-resources';
import type { RouteHandle, TitleSpec } from '../app/route-table';
import { createStoryRefs, createStubPageMachines } from './frozen-actors';
import { watchMissingKeys } from './story-log';

/**
 * What a story may ask of the providers, under `parameters.gatehouse`. Actors
 * are named by fixture (parameters travel to the Storybook manager, so they
 * stay plain data); the default is a logged-in admin with no alerts.
 */
export interface GatehouseParameters {
  actors?: {
    app?: keyof typeof appFixtures;
    session?: keyof typeof sessionFixtures;
    alerts?: keyof typeof alertsFixtures;
  };
  /** The route the story is rendered at (pattern, initial URL, top-bar title). */
  route?: { path?: string; entry?: string; title?: TitleSpec };
}

/** Props of {@link StoryProviders}. */
export interface StoryProvidersProps {
  locale: Language;
  parameters: GatehouseParameters;
  children: ReactNode;
}

const Slot = createContext<ReactNode>(null);
const StoryOutlet = () => useContext(Slot);

/** Where a story's link led: the new path, so navigation is visible without the app. */
function Elsewhere() {
  return <code className="m-6 block text-sm text-muted">{useLocation().pathname}</code>;
}

const fixturesOf = (names: GatehouseParameters['actors'] = {}) => ({
  app: names.app && appFixtures[names.app],
  session: names.session && sessionFixtures[names.session],
  alerts: names.alerts && alertsFixtures[names.alerts],
});

/**
 * i18next (a fresh instance per locale), frozen root actors from fixtures,
 * stub page machines and a memory data router (needed by useBlocker and
 * useMatches) around a story.
 */
export function StoryProviders({ locale, parameters, children }: StoryProvidersProps) {
  const i18n = useMemo(() => {
    const instance = createI18n(locale);
    watchMissingKeys(instance);
    return instance;
  }, [locale]);
  const i18nRef = useRef(i18n);
  i18nRef.current = i18n;
  const [refs] = useState(() =>
    createStoryRefs(fixturesOf(parameters.actors), {
      applyLocale: (_: unknown, params: { locale: Language }) => void i18nRef.current.changeLanguage(params.locale),
    } as never),
  );
  const [machines] = useState(createStubPageMachines);
  const [router] = useState(() => {
    const { path = '*', entry = '/', title } = parameters.route ?? {};
    const handle: RouteHandle | undefined = title ? { title } : undefined;
    const routes = [{ path, element: <StoryOutlet />, handle }];
    if (path !== '*') routes.push({ path: '*', element: <Elsewhere />, handle: undefined });
    return createMemoryRouter(routes, { initialEntries: [entry] });
  });
  useEffect(
    () => () => {
      refs.app.stop();
      refs.session.stop();
      refs.alerts.stop();
    },
    [refs],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <ActorProvider refs={refs} machines={machines}>
        <Slot.Provider value={children}>
          <RouterProvider router={router} />
        </Slot.Provider>
      </ActorProvider>
    </I18nextProvider>
  );
}
