import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { notificationsFixtures } from '../../machines/notifications/notifications.fixtures';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import { NotificationBellView } from '../notifications/NotificationBellView';
import { NotificationPopups } from '../notifications/NotificationPopups';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';

/** The top bar's bell (open when the actor's bell is) and the footer's popups over one frozen `notifications` actor. */
function CentreStory({ state }: { state: keyof typeof notificationsFixtures }) {
  const snapshot = notificationsFixtures[state];
  const actor = useFrozenActor(notificationsMachine, snapshot, { keep: ['pruneImportant'] });
  return (
    <div className="h-[44rem] bg-canvas">
      <div className="flex h-12 items-center justify-between border-b border-line bg-surface px-3">
        <span className="text-sm font-semibold text-brand-700">Gatehouse</span>
        <NotificationBellView actor={actor} defaultOpen={snapshot.matches({ bell: 'open' })} />
      </div>
      <NotificationPopups actor={actor} />
    </div>
  );
}

/**
 * Every state of the `notifications` machine: its data (loading, ready,
 * failed) × the bell (closed, open and waiting, open and seen) × reading
 * (idle, marking). A refresh over loaded notifications and the marks on
 * their way are not shown as such: the bell keeps its list and shows what it
 * marked as read at once.
 */
const meta = {
  title: 'Machines/Notifications',
  component: CentreStory,
  parameters: { machine: 'notifications' },
} satisfies Meta<typeof CentreStory>;
export default meta;
type Story = StoryObj<typeof meta>;

interface Seen {
  /** The bell's badge (0: none). */
  unread: number;
  /** Popup cards in the footer. */
  popups: number;
  /** The open panel: a first-load spinner, the failure, or the list with this many unread marks. */
  panel?: 'loading' | 'failed' | { unreadMarks: number; stale: boolean };
}

const sees =
  ({ unread, popups, panel }: Seen): Story['play'] =>
  async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    const bell = await page.findByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(unread ? `Notifications, ${unread} unread` : 'Notifications');
    const area = page.queryByRole('region', { name: 'Important notifications' });
    if (popups)
      await expect(within(area as HTMLElement).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(popups);
    else await expect(area).not.toBeInTheDocument();
    if (!panel) {
      await expect(page.queryByRole('link', { name: 'See all notifications' })).not.toBeInTheDocument();
      return;
    }
    await expect(page.getByRole('link', { name: 'See all notifications' })).toBeInTheDocument();
    if (panel === 'loading') await expect(page.getByRole('status')).toHaveTextContent('Loading notifications…');
    else if (panel === 'failed')
      await expect(page.getByRole('alert')).toHaveTextContent('Notifications could not be loaded');
    else {
      await expect(page.getByRole('region', { name: 'Latest' })).toBeInTheDocument();
      // Unread marks in the bell (the popups in the footer carry their own).
      const marks = [...canvasElement.ownerDocument.querySelectorAll('[data-unread]')].filter(
        (el) => !area?.contains(el),
      );
      await expect(marks).toHaveLength(panel.unreadMarks);
      const stale = page.queryByText(/Could not refresh the notifications/);
      if (panel.stale) await expect(stale).toHaveTextContent('Internal server error');
      else await expect(stale).not.toBeInTheDocument();
    }
  };

/** After the open bell marked what it showed: one important left unread. */
const afterSeen = { unread: 1, popups: 1 } as const;
const seenPanel = { unreadMarks: 1, stale: false } as const;

export const LoadingClosedIdle: Story = {
  name: 'data: loading, bell: closed, reading: idle',
  ...showing('firstLoad'),
  play: sees({ unread: 0, popups: 0 }),
};
export const LoadingOpenWaitingIdle: Story = {
  name: 'data: loading, bell: open.waiting, reading: idle',
  ...showing('firstLoadOpen'),
  play: sees({ unread: 0, popups: 0, panel: 'loading' }),
};
export const LoadingOpenSeenIdle: Story = {
  name: 'data: loading, bell: open.seen, reading: idle',
  ...showing('refreshingOpenSeen'),
  play: sees({ ...afterSeen, panel: seenPanel }),
};
export const LoadingClosedMarking: Story = {
  name: 'data: loading, bell: closed, reading: marking',
  ...showing('refreshingWhileMarking'),
  play: sees(afterSeen),
};
export const LoadingOpenWaitingMarking: Story = {
  name: 'data: loading, bell: open.waiting, reading: marking',
  ...showing('refreshingOpenWhileMarking'),
  play: sees({ ...afterSeen, panel: seenPanel }),
};
export const LoadingOpenSeenMarking: Story = {
  name: 'data: loading, bell: open.seen, reading: marking',
  ...showing('refreshingSeenWhileMarking'),
  play: sees({ ...afterSeen, panel: seenPanel }),
};
export const ReadyClosedIdle: Story = {
  name: 'data: ready, bell: closed, reading: idle',
  ...showing('closed'),
  play: sees({ unread: 5, popups: 3 }),
};
/** Open less than a second: everything shown still unread. */
export const ReadyOpenWaitingIdle: Story = {
  name: 'data: ready, bell: open.waiting, reading: idle',
  ...showing('open'),
  play: sees({ unread: 5, popups: 3, panel: { unreadMarks: 4, stale: false } }),
};
export const ReadyOpenSeenIdle: Story = {
  name: 'data: ready, bell: open.seen, reading: idle',
  ...showing('openSeen'),
  play: sees({ ...afterSeen, panel: seenPanel }),
};
export const ReadyClosedMarking: Story = {
  name: 'data: ready, bell: closed, reading: marking',
  ...showing('closedMarking'),
  play: sees(afterSeen),
};
export const ReadyOpenWaitingMarking: Story = {
  name: 'data: ready, bell: open.waiting, reading: marking',
  ...showing('openWaitingMarking'),
  play: sees({ ...afterSeen, panel: seenPanel }),
};
export const ReadyOpenSeenMarking: Story = {
  name: 'data: ready, bell: open.seen, reading: marking',
  ...showing('openMarking'),
  play: sees({ ...afterSeen, panel: seenPanel }),
};
/** The first fetch failed; the bell says so once opened. */
export const FailedClosedIdle: Story = {
  name: 'data: failed, bell: closed, reading: idle',
  ...showing('failed'),
  play: sees({ unread: 0, popups: 0 }),
};
export const FailedOpenWaitingIdle: Story = {
  name: 'data: failed, bell: open.waiting, reading: idle',
  ...showing('failedOpen'),
  play: sees({ unread: 0, popups: 0, panel: 'failed' }),
};
/** A refresh failed over notifications already shown: they stay, with a note and a retry. */
export const FailedOpenSeenIdle: Story = {
  name: 'data: failed, bell: open.seen, reading: idle',
  ...showing('failedOpenSeen'),
  play: sees({ ...afterSeen, panel: { unreadMarks: 1, stale: true } }),
};
export const FailedClosedMarking: Story = {
  name: 'data: failed, bell: closed, reading: marking',
  ...showing('failedMarking'),
  play: sees(afterSeen),
};
export const FailedOpenWaitingMarking: Story = {
  name: 'data: failed, bell: open.waiting, reading: marking',
  ...showing('failedOpenMarking'),
  play: sees({ ...afterSeen, panel: { unreadMarks: 1, stale: true } }),
};
export const FailedOpenSeenMarking: Story = {
  name: 'data: failed, bell: open.seen, reading: marking',
  ...showing('failedSeenMarking'),
  play: sees({ ...afterSeen, panel: { unreadMarks: 1, stale: true } }),
};
