import type { Meta, StoryObj } from '@storybook/react-vite';
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

export const Loading: Story = { args: { state: 'loading' } };
export const Ready: Story = { args: { state: 'ready' } };
export const AllRead: Story = { args: { state: 'allRead' } };
export const AlarmTab: Story = { args: { state: 'alarmTab' } };
export const Empty: Story = { args: { state: 'empty' } };
export const LoadingMore: Story = { args: { state: 'loadingMore' } };
export const MarkingAll: Story = { args: { state: 'markingAll' } };
export const Failed: Story = { args: { state: 'failed' } };
