import type { Meta, StoryObj } from '@storybook/react-vite';
import { loaderFixtures } from '../../machines/loader/loader.fixtures';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { RequireAuth } from '../app/guard';
import { HomeView } from '../home/HomeView';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { Layout } from './Layout';

/** The shell around the dashboard, behind the guard, as /home shows it. */
function Shell() {
  const counts = useFrozenActor(loaderMachine, loaderFixtures.loaded);
  return (
    <Layout>
      <RequireAuth>
        <HomeView countsRef={counts} />
      </RequireAuth>
    </Layout>
  );
}

const home = (actors: GatehouseParameters['actors']) => ({
  gatehouse: {
    actors,
    route: { path: '/home', entry: '/home', title: { key: 'menu:entries./home' } },
  } satisfies GatehouseParameters,
});

const meta = { title: 'Shell/Layout', component: Shell } satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** First profile load after login: the whole window waits. */
export const ProfileLoading: Story = {
  parameters: home({ app: 'loggedIn', session: 'profileLoading' }),
};
export const ReadyAdmin: Story = { parameters: home({ app: 'loggedIn', session: 'ready' }) };
export const ReadyResident: Story = {
  parameters: home({ app: 'loggedIn', session: 'readyResident' }),
};
export const ProfileFailed: Story = {
  parameters: home({ app: 'loggedIn', session: 'profileFailed' }),
};
/** One alert of each kind: error, warning, success, info. */
export const Alerts: Story = {
  parameters: home({ app: 'loggedIn', session: 'ready', alerts: 'eachKind' }),
};
export const CollapsedCategories: Story = {
  parameters: home({ app: 'collapsedUsers', session: 'ready' }),
};
export const DrawerClosed: Story = {
  parameters: home({ app: 'drawerClosed', session: 'ready' }),
};
export const FloatingButtonWithBadge: Story = {
  parameters: home({ app: 'withFloatingButton', session: 'ready' }),
};
