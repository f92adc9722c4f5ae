import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { notificationsFixtures } from '../../machines/notifications/notifications.fixtures';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { NotificationBellView } from './NotificationBellView';

/** The bell over a frozen `notifications` actor; `open` renders the panel open. */
function BellStory({ state, open }: { state: keyof typeof notificationsFixtures; open: boolean }) {
  const actor = useFrozenActor(notificationsMachine, notificationsFixtures[state], {
    keep: ['pruneImportant'],
  });
  return (
    <div className="h-[44rem] bg-canvas">
      {/* A slice of the top bar, so the bell sits where it lives. */}
      <div className="flex h-12 items-center justify-between border-b border-line bg-surface px-3">
        <span className="text-sm font-semibold text-brand-700">Gatehouse</span>
        <NotificationBellView key={state} actor={actor} defaultOpen={open} />
      </div>
    </div>
  );
}

const meta = {
  title: 'Notifications/Bell',
  component: BellStory,
  argTypes: { state: { control: 'select', options: Object.keys(notificationsFixtures) } },
} satisfies Meta<typeof BellStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed, with the unread badge. */
export const Closed: Story = {
  args: { state: 'closed', open: false },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('button', { name: /^Notifications/ })).toHaveAccessibleName(
      'Notifications, 5 unread',
    );
    await expect(page.getByTestId('notification-badge')).toHaveTextContent('5');
    await expect(page.queryByText('Latest')).not.toBeInTheDocument();
  },
};
/** Closed, nothing unread: no badge. */
export const ClosedNothingUnread: Story = {
  args: { state: 'empty', open: false },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
    await expect(page.queryByTestId('notification-badge')).not.toBeInTheDocument();
  },
};
/** Open before the first answer. */
export const FirstLoad: Story = {
  args: { state: 'firstLoadOpen', open: true },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('status')).toHaveTextContent('Loading notifications…');
  },
};
/** Nothing yet: says so, and still links to all notifications and the settings. */
export const Empty: Story = {
  args: { state: 'emptyOpen', open: true },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('No notifications')).toBeInTheDocument();
    await expect(page.getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/notifications/settings');
  },
};
/** Open less than a second: important and latest still unread. */
export const Open: Story = {
  args: { state: 'open', open: true },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    const important = await page.findByRole('region', { name: 'Important' });
    const titles = (region: HTMLElement) =>
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent);
    await expect(titles(important)).toEqual(['New announcement', 'Alarm', 'Revoked identifier used']);
    await expect(titles(page.getByRole('region', { name: 'Latest' }))).toEqual([
      'New message',
      'Identifier used',
      'SIP service restarted',
    ]);
    await expect(canvasElement.ownerDocument.querySelectorAll('[data-unread]')).toHaveLength(4);
    await expect(page.getByText('5 unread')).toBeInTheDocument();
    await expect(page.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  },
};
/** Open and offering desktop notifications (not asked yet). */
export const OpenAskDesktop: Story = {
  args: { state: 'openAskDesktop', open: true },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText(/Show important notifications on your desktop/)).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Not now' })).toBeInTheDocument();
  },
};
/** Open for a second: what it shows is read, the marks are on their way. */
export const OpenSeenMarking: Story = {
  args: { state: 'openMarking', open: true },
  play: async ({ canvasElement }) => {
    await pageOf(canvasElement).findByRole('region', { name: 'Latest' });
    await expect(canvasElement.ownerDocument.querySelectorAll('[data-unread]')).toHaveLength(1);
  },
};
/** Open for a second: what it shows is read, one important left unread. */
export const OpenSeen: Story = {
  args: { state: 'openSeen', open: true },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await page.findByRole('region', { name: 'Latest' });
    await expect(canvasElement.ownerDocument.querySelectorAll('[data-unread]')).toHaveLength(1);
    await expect(page.getByText('1 unread')).toBeInTheDocument();
  },
};
/** The first fetch failed. */
export const Failed: Story = {
  args: { state: 'failedOpen', open: true },
  play: async ({ canvasElement }) => {
    const failure = await pageOf(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('Notifications could not be loaded');
    await expect(failure).toHaveTextContent('Internal server error');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
/** A refresh failed over notifications already shown: they stay, with a note and a retry. */
export const RefreshFailed: Story = {
  args: { state: 'failedOpenSeen', open: true },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    const note = await page.findByRole('alert');
    await expect(note).toHaveTextContent('Could not refresh the notifications: Internal server error');
    await expect(within(note).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(page.getByRole('region', { name: 'Latest' })).toBeInTheDocument();
  },
};
