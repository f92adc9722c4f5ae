import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Language } from '../../../src/contract/constants';
import { ActorProvider, type PageMachines } from '../../../src/ui/app/actor-context';
import { createI18n } from '../../../src/ui/app/i18n-resources';
import { buildRoutes } from '../../../src/ui/app/routes';
import { createStoryRefs, createStubPageMachines, type StoryActors } from '../../../src/ui/storybook/frozen-actors';

/** Options of {@link renderApp}. */
export interface RenderAppOptions {
  actors?: StoryActors;
  machines?: PageMachines;
  locale?: Language;
}

/**
 * The whole console (real route table, guard and layout) at `path`, over
 * frozen actors hydrated from fixtures and a real i18next instance. The app
 * actor's applyLocale switches that instance, as the services do.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const i18n = createI18n(options.locale ?? 'en');
  const refs = createStoryRefs(options.actors, {
    applyLocale: (_: unknown, params: { locale: Language }) => void i18n.changeLanguage(params.locale),
  } as never);
  const machines = options.machines ?? createStubPageMachines();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers i18n={i18n} refs={refs} machines={machines}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const location = () => router.state.location;
  return { ...view, router, refs, machines, i18n, user, location };
}

function Providers(props: {
  i18n: ReturnType<typeof createI18n>;
  refs: ReturnType<typeof createStoryRefs>;
  machines: PageMachines;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <ActorProvider refs={props.refs} machines={props.machines}>
        {props.children}
      </ActorProvider>
    </I18nextProvider>
  );
}
