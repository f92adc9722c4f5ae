import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as bell from '../../src/ui/notifications/NotificationBell.stories';
import * as popups from '../../src/ui/notifications/NotificationPopups.stories';
import * as settings from '../../src/ui/notifications/NotificationSettings.stories';
import * as page from '../../src/ui/notifications/NotificationsPage.stories';

setProjectAnnotations(preview);
const Bell = composeStories(bell);
const Popups = composeStories(popups);
const Page = composeStories(page);
const Settings = composeStories(settings);

const bellButton = () => screen.findByRole('button', { name: /^Notifications/ });
const cards = (root: HTMLElement) => root.querySelectorAll('[data-notification]');

describe('notification stories show each state', () => {
  it('bell closed: the badge counts unread, nothing open', async () => {
    render(<Bell.Closed />);
    expect(await bellButton()).toHaveAccessibleName('Notifications, 5 unread');
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('5');
    expect(screen.queryByText('Latest')).not.toBeInTheDocument();
  });

  it('bell with nothing unread has no badge', async () => {
    render(<Bell.ClosedNothingUnread />);
    expect(await bellButton()).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('bell first load shows a spinner', async () => {
    render(<Bell.FirstLoad />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading notifications…');
  });

  it('bell empty says so and still links to all notifications and settings', async () => {
    render(<Bell.Empty />);
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/notifications/settings');
  });

  it('bell open lists the 3 important and the rest of the latest, unread marked', async () => {
    const { container } = render(<Bell.Open />);
    const important = await screen.findByRole('region', { name: 'Important' });
    expect(
      within(important)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['New announcement', 'Alarm', 'Revoked identifier used']);
    const latest = screen.getByRole('region', { name: 'Latest' });
    expect(
      within(latest)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['New message', 'Identifier used', 'SIP service restarted']);
    expect(container.querySelectorAll('[data-unread]')).toHaveLength(4);
    expect(screen.getByText('5 unread')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });

  it('bell asks for desktop notifications politely when not asked yet', async () => {
    render(<Bell.OpenAskDesktop />);
    expect(await screen.findByText(/Show important notifications on your desktop/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeInTheDocument();
  });

  it('bell seen: what it shows is read, one important left unread', async () => {
    const { container } = render(<Bell.OpenSeen />);
    await screen.findByRole('region', { name: 'Latest' });
    expect(container.querySelectorAll('[data-unread]')).toHaveLength(1);
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('bell seen while marking looks the same to the user', async () => {
    const { container } = render(<Bell.OpenSeenMarking />);
    await screen.findByRole('region', { name: 'Latest' });
    expect(container.querySelectorAll('[data-unread]')).toHaveLength(1);
  });

  it('bell failed shows the reason and a retry', async () => {
    render(<Bell.Failed />);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Notifications could not be loaded');
    expect(failure).toHaveTextContent('Internal server error');
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('popups: three cards, hide-all and see-all with the count', async () => {
    render(<Popups.Several />);
    const area = await screen.findByRole('region', { name: 'Important notifications' });
    expect(within(area).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
    expect(within(area).getByRole('button', { name: 'Hide all' })).toBeInTheDocument();
    expect(within(area).getByRole('link', { name: 'See all (4)' })).toHaveAttribute(
      'href',
      '/notifications?type=important',
    );
  });

  it('popups: one card, neither hide-all nor see-all', async () => {
    render(<Popups.One />);
    const area = await screen.findByRole('region', { name: 'Important notifications' });
    expect(cards(area)).toHaveLength(1);
    expect(within(area).queryByRole('button', { name: 'Hide all' })).not.toBeInTheDocument();
    expect(within(area).queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
  });

  it('popups: none, no area', () => {
    render(<Popups.None />);
    expect(screen.queryByRole('region', { name: 'Important notifications' })).not.toBeInTheDocument();
  });

  it('page ready: tabs, cards linking to their pages, count and load more', async () => {
    render(<Page.Ready />);
    const tabs = await screen.findByRole('navigation', { name: 'Notification types' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All', 'Normal', 'Important', 'ACS', 'Alarm']);
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'ACS' })).toHaveAttribute('href', '/notifications?type=acs');
    expect(screen.getByRole('link', { name: 'New announcement' })).toHaveAttribute('href', '/announce/abc');
    expect(screen.getByText('6 of 26')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
  });

  it('page all read: mark all read is not offered', async () => {
    render(<Page.AllRead />);
    expect(await screen.findByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('page alarm tab: the alarm tab is current and shows alarm notifications', async () => {
    render(<Page.AlarmTab />);
    const tabs = await screen.findByRole('navigation', { name: 'Notification types' });
    expect(within(tabs).getByRole('link', { name: 'Alarm' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('list', { name: 'Alarm' })).toBeInTheDocument();
    expect(screen.getByText('The alarm on Gate panel was processed by Alex Admin')).toBeInTheDocument();
  });

  it('page empty, loading, loading more, marking all and failed', async () => {
    const { unmount } = render(<Page.Empty />);
    expect(await screen.findByText('No notifications here')).toBeInTheDocument();
    unmount();
    const loading = render(<Page.Loading />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading notifications…');
    loading.unmount();
    const more = render(<Page.LoadingMore />);
    expect(await screen.findByRole('button', { name: 'Load more' })).toHaveAttribute('aria-busy', 'true');
    more.unmount();
    const marking = render(<Page.MarkingAll />);
    expect(await screen.findByRole('button', { name: 'Mark all read' })).toHaveAttribute('aria-busy', 'true');
    marking.unmount();
    render(<Page.Failed />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be loaded');
  });

  it('settings: the switches with the saved values, and the recipient', async () => {
    render(<Settings.Editing />);
    expect(await screen.findByLabelText('Tell me when a device goes offline')).toBeChecked();
    expect(screen.getByLabelText('Tell me when a device task fails')).not.toBeChecked();
    expect(screen.getByLabelText(/Access-control events/)).toBeChecked();
    expect(screen.getByText('Notifications go to Rita Resident (resident@riverside.example)')).toBeInTheDocument();
  });

  it('settings dirty, saving, loading and failed', async () => {
    const dirty = render(<Settings.Dirty />);
    expect(await screen.findByLabelText(/Access-control events/)).not.toBeChecked();
    dirty.unmount();
    const saving = render(<Settings.Saving />);
    expect(await screen.findByRole('button', { name: 'Approve' })).toHaveAttribute('aria-busy', 'true');
    saving.unmount();
    const loading = render(<Settings.Loading />);
    expect(await screen.findAllByRole('status')).not.toHaveLength(0);
    loading.unmount();
    render(<Settings.Failed />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  });
});
