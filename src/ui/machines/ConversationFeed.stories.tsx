import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { conversationFeedFixtures } from '../../machines/conversation-feed/conversation-feed.fixtures';
import { conversationFeedMachine } from '../../machines/conversation-feed/conversation-feed.machine';
import { LiveFeedStatus } from '../conversations/LiveFeedStatus';
import { useFrozenActor } from '../storybook/use-frozen-actor';

/** The inbox header's live mark over a frozen `conversationFeed` actor. */
function FeedStory({ state }: { state: keyof typeof conversationFeedFixtures }) {
  const feedRef = useFrozenActor(conversationFeedMachine, conversationFeedFixtures[state]);
  return (
    <div className="flex items-center justify-between border-b border-line p-6">
      <h1 className="text-lg font-semibold text-ink">Conversations</h1>
      <LiveFeedStatus feedRef={feedRef} />
    </div>
  );
}

/** The `conversationFeed` machine only listens (7.10); the inbox says it is live and what arrived. */
const meta = {
  title: 'Machines/Conversation feed',
  component: FeedStory,
  parameters: { machine: 'conversation-feed' },
} satisfies Meta<typeof FeedStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Listening: Story = {
  name: 'listening',
  args: { state: 'listening' },
  parameters: { fixture: 'listening' },
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent('Live');
    await expect(status).toHaveTextContent('2 new messages since you logged in, the last from Rita Resident');
  },
};
