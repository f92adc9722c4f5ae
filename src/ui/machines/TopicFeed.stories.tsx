import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { IP_BLOCKING_TOPIC } from '../../contract/realtime';
import { topicFeedFixtures } from '../../machines/topic-feed/topic-feed.fixtures';
import { topicFeedMachine } from '../../machines/topic-feed/topic-feed.machine';
import { LiveMark } from '../ip-blocking/LiveMark';
import { useFrozenActor } from '../storybook/use-frozen-actor';

/** The IP-blocking page's live mark over a frozen `topicFeed` actor. */
function FeedStory({ state }: { state: keyof typeof topicFeedFixtures }) {
  const feedRef = useFrozenActor(topicFeedMachine, topicFeedFixtures[state]);
  return (
    <div className="flex items-center justify-between border-b border-line p-6">
      <h1 className="text-lg font-semibold text-ink">IP blocking</h1>
      <LiveMark feedRef={feedRef} topic={IP_BLOCKING_TOPIC} />
    </div>
  );
}

/** The `topicFeed` machine only listens (7.10): the page it serves says it is live and what it heard. */
const meta = {
  title: 'Machines/Topic feed',
  component: FeedStory,
  parameters: { machine: 'topic-feed' },
} satisfies Meta<typeof FeedStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Listening: Story = {
  name: 'listening',
  args: { state: 'listening' },
  parameters: { fixture: 'listening' },
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent('Live · 3 changes heard');
  },
};
