import type { Meta, StoryObj } from '@storybook/react-vite';
import { notificationsFixtures } from '../../machines/notifications/notifications.fixtures';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
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
export const Closed: Story = { args: { state: 'closed', open: false } };
/** Closed, nothing unread: no badge. */
export const ClosedNothingUnread: Story = { args: { state: 'empty', open: false } };
/** Open before the first answer. */
export const FirstLoad: Story = { args: { state: 'firstLoadOpen', open: true } };
export const Empty: Story = { args: { state: 'emptyOpen', open: true } };
/** Open less than a second: important and latest still unread. */
export const Open: Story = { args: { state: 'open', open: true } };
/** Open and offering desktop notifications (not asked yet). */
export const OpenAskDesktop: Story = { args: { state: 'openAskDesktop', open: true } };
/** Open for a second: what it shows is read, the marks are on their way. */
export const OpenSeenMarking: Story = { args: { state: 'openMarking', open: true } };
export const OpenSeen: Story = { args: { state: 'openSeen', open: true } };
/** The first fetch failed. */
export const Failed: Story = { args: { state: 'failedOpen', open: true } };
