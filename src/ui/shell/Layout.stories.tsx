import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { loaderFixtures } from '../../machines/loader/loader.fixtures';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { RequireAuth } from '../app/guard';
import { HomeView } from '../home/HomeView';
import { pageOf } from '../storybook/play';
import { atHome } from '../storybook/shell-parameters';
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

const meta = { title: 'Shell/Layout', component: Shell } satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

const nav = (canvasElement: HTMLElement) => pageOf(canvasElement).getByRole('navigation', { name: 'Main menu' });

/** First profile load after login: the whole window waits. */
export const ProfileLoading: Story = {
  parameters: atHome({ app: 'loggedIn', session: 'profileLoading' }),
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('status')).toHaveTextContent('Loading your profile…');
    await expect(page.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  },
};
export const ReadyAdmin: Story = {
  parameters: atHome({ app: 'loggedIn', session: 'ready' }),
  play: async ({ canvasElement }) => {
    await pageOf(canvasElement).findByRole('heading', { name: 'Welcome, Alex Admin' });
    for (const name of ['Users', 'SIP trunks', 'System info'])
      await expect(within(nav(canvasElement)).getByRole('link', { name })).toBeVisible();
    await expect(within(nav(canvasElement)).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
export const ReadyResident: Story = {
  parameters: atHome({ app: 'loggedIn', session: 'readyResident' }),
  play: async ({ canvasElement }) => {
    await pageOf(canvasElement).findByRole('heading', { name: 'Welcome, Rita Resident' });
    await expect(within(nav(canvasElement)).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    await expect(within(nav(canvasElement)).getByRole('link', { name: 'Conversations' })).toBeInTheDocument();
  },
};
/** The whole console in Russian (the app remembers the language; the toolbar's language switches the texts). */
export const ReadyInRussian: Story = {
  parameters: atHome({ app: 'loggedInRussian', session: 'ready' }),
  globals: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('heading', { name: /Alex Admin/ })).toBeInTheDocument();
    await expect(pageOf(canvasElement).getByRole('navigation', { name: 'Главное меню' })).toHaveTextContent(
      /Пользователи/,
    );
  },
};
export const ProfileFailed: Story = {
  parameters: atHome({ app: 'loggedIn', session: 'profileFailed' }),
  play: async ({ canvasElement }) => {
    const failure = await pageOf(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('Internal server error');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
/** One alert of each kind: error, warning, success, info. */
export const Alerts: Story = {
  parameters: atHome({ app: 'loggedIn', session: 'ready', alerts: 'eachKind' }),
  play: async ({ canvasElement }) => {
    const area = await pageOf(canvasElement).findByRole('region', { name: 'Alerts' });
    for (const text of ['Item not found', 'Wrong parameters', 'Profile saved', 'Password changed'])
      await expect(within(area).getByText(text)).toBeInTheDocument();
  },
};
export const CollapsedCategories: Story = {
  parameters: atHome({ app: 'collapsedUsers', session: 'ready' }),
  play: async ({ canvasElement }) => {
    await pageOf(canvasElement).findByRole('heading', { name: 'Welcome, Alex Admin' });
    await expect(within(nav(canvasElement)).getByRole('button', { name: 'Users' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(within(nav(canvasElement)).queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
  },
};
export const DrawerClosed: Story = {
  parameters: atHome({ app: 'drawerClosed', session: 'ready' }),
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await page.findByRole('heading', { name: 'Welcome, Alex Admin' });
    await expect(page.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  },
};
export const FloatingButtonWithBadge: Story = {
  parameters: atHome({ app: 'withFloatingButton', session: 'ready' }),
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('button', { name: 'Dialer (2)' })).toBeInTheDocument();
  },
};
