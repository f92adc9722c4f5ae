import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';

/**
 * Every story of every `*.stories.tsx` rendered in jsdom with the real preview
 * (i18n, frozen actors, memory router): each must render without errors and
 * show something; the states that matter say so in `expectations`.
 */
setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('../../src/**/*.stories.tsx', { eager: true });

const nav = () => screen.getByRole('navigation', { name: 'Main menu' });

/** What a user sees in each state, keyed `<title>/<export name>`. */
const expectations: Record<string, () => Promise<void> | void> = {
  'Shell/Connection status/Connecting': () => expect(screen.queryByRole('status')).not.toBeInTheDocument(),
  'Shell/Connection status/Connected': () => expect(screen.queryByRole('status')).not.toBeInTheDocument(),
  'Shell/Connection status/Refreshing': () =>
    expect(screen.getByRole('status')).toHaveTextContent('Live updates paused: reconnecting…'),
  'Shell/Connection status/Disconnected': () =>
    expect(screen.getByRole('status')).toHaveTextContent('Live updates paused: reconnecting…'),
  'Session/Login/LoggedOut': async () => {
    expect(await screen.findByLabelText('Login', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
  'Session/Login/LoginFailed': async () => {
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect login/password');
  },
  'Session/Login/SessionExpired': async () => {
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  },
  'Session/Login/LoggingIn': async () => {
    const button = await screen.findByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  },
  'Groups/Generate groups/Preview': async () => {
    expect(await screen.findByText('5 groups will be created:')).toBeInTheDocument();
    expect(screen.getByText('Unit 202')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create 5 groups' })).toBeEnabled();
  },
  'Groups/Generate groups/WithErrors': async () => {
    expect(await screen.findByLabelText('Floors: how many')).toHaveAttribute('aria-invalid', 'true');
  },
  'Groups/Structure import/Finished': async () => {
    expect(await screen.findByText('2 rows were refused:')).toBeInTheDocument();
    expect(screen.getByText(/Wrong e-mail|wrong e-mail/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download error report' })).toBeInTheDocument();
  },
  'Groups/Structure import/Uploading': async () => {
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  },
  'Registration/Invitation form/WithErrors': async () => {
    expect(await screen.findByText('Min length 8 chars')).toBeInTheDocument();
    expect(screen.getByText('Fields do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/Repeat the password/)).toHaveAttribute('aria-invalid', 'true');
  },
  'Registration/Invitation form/Submitting': async () => {
    expect(await screen.findByRole('button', { name: 'Activate the account' })).toBeDisabled();
  },
  'Registration/Invitation form/Invalid': async () => {
    expect(await screen.findByRole('status')).toHaveTextContent('This invitation was not found');
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
  },
  'Session/Choose project/ChoosingProject': async () => {
    expect(await screen.findByRole('button', { name: /Riverside Residence/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Harbour Office/ })).toBeInTheDocument();
  },
  'Shell/Layout/ProfileLoading': async () => {
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your profile…');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  },
  'Shell/Layout/ReadyAdmin': async () => {
    expect(await screen.findByRole('heading', { name: 'Welcome, Alex Admin' })).toBeInTheDocument();
    for (const name of ['Users', 'SIP trunks', 'System info'])
      expect(within(nav()).getByRole('link', { name })).toBeVisible();
    expect(within(nav()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  },
  'Shell/Layout/ReadyResident': async () => {
    await screen.findByRole('heading', { name: 'Welcome, Rita Resident' });
    expect(within(nav()).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Conversations' })).toBeInTheDocument();
  },
  'Shell/Layout/ProfileFailed': async () => {
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Internal server error');
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
  'Shell/Layout/Alerts': async () => {
    const area = await screen.findByRole('region', { name: 'Alerts' });
    for (const text of ['Item not found', 'Wrong parameters', 'Profile saved', 'Password changed'])
      expect(within(area).getByText(text)).toBeInTheDocument();
  },
  'Shell/Layout/CollapsedCategories': async () => {
    await screen.findByRole('heading', { name: 'Welcome, Alex Admin' });
    expect(within(nav()).getByRole('button', { name: 'Users' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
  },
  'Shell/Layout/DrawerClosed': async () => {
    await screen.findByRole('heading', { name: 'Welcome, Alex Admin' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  },
  'Shell/Layout/FloatingButtonWithBadge': async () => {
    expect(await screen.findByRole('button', { name: 'Dialer (2)' })).toBeInTheDocument();
  },
  'Shell/System pages/NotFound': async () => {
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  },
  'Shell/System pages/NotBuilt': async () => {
    expect(await screen.findByText('Users: edit arrives in a later release.')).toBeInTheDocument();
  },
  'Home/Dashboard/Loading': async () => {
    expect(await screen.findByText('Loading the summary…')).toBeInTheDocument();
  },
  'Home/Dashboard/Loaded': async () => {
    const counts = await screen.findByRole('list', { name: 'Summary' });
    expect(within(counts).getByRole('link', { name: /12\s*Users/ })).toHaveAttribute('href', '/users');
    expect(within(counts).getByText('Projects')).toBeInTheDocument();
  },
  'Home/Dashboard/Failed': async () => {
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The summary could not be loaded');
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
  'Profile/Profile form/Editing': async () => {
    expect(await screen.findByLabelText('E-mail')).toHaveValue('admin@riverside.example');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  },
  'Profile/Profile form/Dirty': async () => {
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
  },
  'Profile/Profile form/WithFieldErrors': async () => {
    expect(await screen.findByLabelText('E-mail')).toHaveAccessibleDescription('Must be an e-mail');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(/international format/);
  },
  'Profile/Profile form/Saving': async () => {
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
  },
  'Profile/Change password/Editing': async () => {
    expect(await screen.findByLabelText('Current password')).toHaveValue('');
  },
  'Profile/Change password/WithErrors': async () => {
    expect(await screen.findByLabelText('New password')).toHaveAccessibleDescription('Min length 8 chars');
    expect(screen.getByLabelText('Repeat new password')).toHaveAccessibleDescription('Fields do not match');
  },
  'Profile/Change password/Submitting': async () => {
    expect(await screen.findByRole('button', { name: 'Change password' })).toHaveAttribute('aria-busy', 'true');
  },
  'Profile/Change password/Done': async () => {
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
  },
  'Terms/Terms and conditions/Loaded': async () => {
    expect(await screen.findByText('Use the console lawfully.')).toBeInTheDocument();
  },
  'Terms/Terms and conditions/Failed': async () => {
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  },
  'Kit/Gallery/ConfirmDialogOpen': async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(within(dialog).getByRole('button', { name: 'Stay' })).toBeInTheDocument();
  },
};

const all = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(composeStories(module)).map(([name, Story]) => {
    const title = (module as { default: { title: string } }).default.title;
    return { id: `${title}/${name}`, file, Story: Story as unknown as ComponentType };
  }),
);

describe('stories', () => {
  it('finds the stories', () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
  });

  it('has an expectation only for stories that exist', () => {
    const ids = new Set(all.map((s) => s.id));
    expect(Object.keys(expectations).filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(all.map((s) => [s.id, s] as const))('%s renders', async (_, { Story }) => {
    render(<Story />);
    const check = expectations[_];
    if (check) await check();
    else expect(await screen.findAllByText(/\S/)).not.toHaveLength(0);
    expect(document.body.textContent?.trim().length ?? 0).toBeGreaterThan(0);
  });
});
