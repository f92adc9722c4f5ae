import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { notificationListFixtures } from '../../machines/notification-list/notification-list.fixtures';
import { notificationListMachine } from '../../machines/notification-list/notification-list.machine';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { NotificationsPageView } from './NotificationsPageView';

/** The /notifications page over a frozen `notificationList` actor. */
function PageStory({ state }: { state: keyof typeof notificationListFixtures }) {
  const actor = useFrozenActor(notificationListMachine, notificationListFixtures[state]);
  return (
    <div className="p-6">
      <NotificationsPageView key={state} actor={actor} />
    </div>
  );
}

const meta = {
  title: 'Notifications/Page',
  component: PageStory,
  argTypes: { state: { control: 'select', options: Object.keys(notificationListFixtures) } },
  parameters: {
    gatehouse: { route: { path: '/notifications', entry: '/notifications' } } satisfies GatehouseParameters,
  },
} satisfies Meta<typeof PageStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading notifications…');
  },
};
/** Tabs, cards linking to their pages, count and load more. */
export const Ready: Story = {
  args: { state: 'ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tabs = await canvas.findByRole('navigation', { name: 'Notification types' });
    await expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All', 'Normal', 'Important', 'ACS', 'Alarm']);
    await expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await expect(within(tabs).getByRole('link', { name: 'ACS' })).toHaveAttribute('href', '/notifications?type=acs');
    await expect(canvas.getByRole('link', { name: 'New announcement' })).toHaveAttribute('href', '/announce/abc');
    await expect(canvas.getByText('6 of 26')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Load more' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
  },
};
/** Everything read: mark all read is not offered. */
export const AllRead: Story = {
  args: { state: 'allRead' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  },
};
export const AlarmTab: Story = {
  args: { state: 'alarmTab' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tabs = await canvas.findByRole('navigation', { name: 'Notification types' });
    await expect(within(tabs).getByRole('link', { name: 'Alarm' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('list', { name: 'Alarm' })).toBeInTheDocument();
    await expect(canvas.getByText('The alarm on Gate panel was processed by Alex Admin')).toBeInTheDocument();
  },
};
export const Empty: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No notifications here')).toBeInTheDocument();
  },
};
export const LoadingMore: Story = {
  args: { state: 'loadingMore' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Load more' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
export const MarkingAll: Story = {
  args: { state: 'markingAll' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Mark all read' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Notifications could not be loaded',
    );
  },
};
