import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import LoginStories from '../session/LoginPage.stories';
import LayoutStories from '../shell/Layout.stories';
import { pageOf } from '../storybook/play';
import { atHome, atLogin } from '../storybook/shell-parameters';

const Shell = LayoutStories.component;
const LoginScreen = LoginStories.component;

/** Every state of the root `app` machine: logged out, waiting for the first profile, ready (with the phone). */
const meta = {
  title: 'Machines/App',
  component: Shell,
  parameters: { machine: 'app' },
} satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  name: 'loggedOut',
  render: () => <LoginScreen />,
  parameters: { ...atLogin({ app: 'loggedOut', session: 'loggedOut' }), fixture: 'loggedOut' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    await expect(page.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await expect(page.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  },
};

export const LoggedInStarting: Story = {
  name: 'loggedIn.starting',
  parameters: { ...atHome({ app: 'loggedInStarting', session: 'profileLoading' }), fixture: 'loggedInStarting' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('status')).toHaveTextContent('Loading your profile…');
    await expect(page.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  },
};

export const LoggedInReadyPhone: Story = {
  name: 'loggedIn.ready.phone',
  parameters: { ...atHome({ app: 'loggedIn', session: 'ready' }), fixture: 'loggedIn' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Welcome, Alex Admin' })).toBeInTheDocument();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  },
};
