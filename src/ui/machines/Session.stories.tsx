import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ChooseProjectStories from '../session/ChooseProjectPage.stories';
import LoginStories from '../session/LoginPage.stories';
import LayoutStories from '../shell/Layout.stories';
import { pageOf } from '../storybook/play';
import { atHome, atLogin, atProjectChoice } from '../storybook/shell-parameters';

const Shell = LayoutStories.component;
const LoginScreen = LoginStories.component;
const ChooseProjectScreen = ChooseProjectStories.component;

/**
 * Every state of the `session` machine (4: unauthenticated, then authenticated
 * once a project is chosen), as the console shows it. A token refresh is
 * deliberately invisible: the page stays as it is while the request waits.
 */
const meta = {
  title: 'Machines/Session',
  component: Shell,
  parameters: { machine: 'session' },
} satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

const profileLoading: Story['play'] = async ({ canvasElement }) => {
  const page = pageOf(canvasElement);
  await expect(await page.findByRole('status')).toHaveTextContent('Loading your profile…');
  await expect(page.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
};
const profileReady: Story['play'] = async ({ canvasElement }) => {
  const page = pageOf(canvasElement);
  await expect(await page.findByRole('heading', { name: 'Welcome, Alex Admin' })).toBeInTheDocument();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  await expect(page.queryByText(/session has expired/)).not.toBeInTheDocument();
};
const profileFailed =
  (reason: string): Story['play'] =>
  async ({ canvasElement }) => {
    const failure = await pageOf(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('Your profile could not be loaded');
    await expect(failure).toHaveTextContent(reason);
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  };

export const UnauthenticatedIdle: Story = {
  name: 'unauthenticated.idle',
  render: () => <LoginScreen />,
  parameters: { ...atLogin({ app: 'loggedOut', session: 'loggedOut' }), fixture: 'loggedOut' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByLabelText('Login', { exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await expect(page.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  },
};

export const UnauthenticatedLoggingIn: Story = {
  name: 'unauthenticated.loggingIn',
  render: () => <LoginScreen />,
  parameters: { ...atLogin({ app: 'loggedOut', session: 'loggingIn' }), fixture: 'loggingIn' },
  play: async ({ canvasElement }) => {
    const button = await pageOf(canvasElement).findByRole('button', { name: 'Log in' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const UnauthenticatedChoosingProject: Story = {
  name: 'unauthenticated.choosingProject',
  render: () => <ChooseProjectScreen />,
  parameters: {
    ...atProjectChoice({ app: 'loggedOut', session: 'choosingProject' }),
    fixture: 'choosingProject',
  },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('button', { name: /Riverside Residence/ })).toBeInTheDocument();
    await expect(page.getByRole('button', { name: /Harbour Office/ })).toBeInTheDocument();
  },
};

export const ProfileLoadingTokensValid: Story = {
  name: 'authenticated (profile: loading, tokens: valid)',
  parameters: { ...atHome({ app: 'loggedInStarting', session: 'profileLoading' }), fixture: 'profileLoading' },
  play: profileLoading,
};

/** The access token is being refreshed while the profile loads: the user sees the profile load. */
export const ProfileLoadingTokensRefreshing: Story = {
  name: 'authenticated (profile: loading, tokens: refreshing)',
  parameters: {
    ...atHome({ app: 'loggedInStarting', session: 'profileLoadingRefreshing' }),
    fixture: 'profileLoadingRefreshing',
  },
  play: profileLoading,
};

export const ProfileReadyTokensValid: Story = {
  name: 'authenticated (profile: ready, tokens: valid)',
  parameters: { ...atHome({ app: 'loggedIn', session: 'ready' }), fixture: 'ready' },
  play: profileReady,
};

/** A refresh after a 401: the page stays usable, nothing asks the user to log in again. */
export const ProfileReadyTokensRefreshing: Story = {
  name: 'authenticated (profile: ready, tokens: refreshing)',
  parameters: { ...atHome({ app: 'loggedIn', session: 'readyRefreshing' }), fixture: 'readyRefreshing' },
  play: profileReady,
};

export const ProfileFailedTokensValid: Story = {
  name: 'authenticated (profile: failed, tokens: valid)',
  parameters: { ...atHome({ app: 'loggedIn', session: 'profileFailed' }), fixture: 'profileFailed' },
  play: profileFailed('Internal server error'),
};

export const ProfileFailedTokensRefreshing: Story = {
  name: 'authenticated (profile: failed, tokens: refreshing)',
  parameters: {
    ...atHome({ app: 'loggedIn', session: 'profileFailedRefreshing' }),
    fixture: 'profileFailedRefreshing',
  },
  play: profileFailed('No connection to the server.'),
};
