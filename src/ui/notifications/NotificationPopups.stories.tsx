import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { notificationsFixtures } from '../../machines/notifications/notifications.fixtures';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { NotificationPopups } from './NotificationPopups';

/** The footer's important notifications over a frozen `notifications` actor. */
function PopupsStory({ state }: { state: keyof typeof notificationsFixtures }) {
  const actor = useFrozenActor(notificationsMachine, notificationsFixtures[state]);
  return (
    <div className="h-[28rem] bg-canvas p-6">
      {/* The page behind the footer area. */}
      <p className="text-sm text-muted">Dashboard</p>
      <NotificationPopups key={state} actor={actor} />
    </div>
  );
}

const meta = {
  title: 'Notifications/Popups',
  component: PopupsStory,
  argTypes: { state: { control: 'select', options: Object.keys(notificationsFixtures) } },
} satisfies Meta<typeof PopupsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three unread important ones of four: hide-all and see-all. */
export const Several: Story = {
  args: { state: 'closed' },
  play: async ({ canvasElement }) => {
    const area = await pageOf(canvasElement).findByRole('region', { name: 'Important notifications' });
    await expect(within(area).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
    await expect(within(area).getByRole('button', { name: 'Hide all' })).toBeInTheDocument();
    await expect(within(area).getByRole('link', { name: 'See all (4)' })).toHaveAttribute(
      'href',
      '/notifications?type=important',
    );
  },
};
/** One unread important: no hide-all, no see-all. */
export const One: Story = {
  args: { state: 'closedOnePopup' },
  play: async ({ canvasElement }) => {
    const area = await pageOf(canvasElement).findByRole('region', { name: 'Important notifications' });
    await expect(area.querySelectorAll('[data-notification]')).toHaveLength(1);
    await expect(within(area).queryByRole('button', { name: 'Hide all' })).not.toBeInTheDocument();
    await expect(within(area).queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
  },
};
/** Nothing important unread: the area is empty. */
export const None: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('Dashboard')).toBeInTheDocument();
    await expect(page.queryByRole('region', { name: 'Important notifications' })).not.toBeInTheDocument();
  },
};
