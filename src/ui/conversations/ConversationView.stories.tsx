import type { Meta, StoryObj } from '@storybook/react-vite';
import { conversationThreadFixtures } from '../../machines/conversation-thread/conversation-thread.fixtures';
import { conversationThreadMachine } from '../../machines/conversation-thread/conversation-thread.machine';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { ConversationView } from './ConversationView';

function Frame({ state }: { state: keyof typeof conversationThreadFixtures }) {
  // Typing in the composer is a pure assign: kept, so the story can be typed into.
  const threadRef = useFrozenActor(conversationThreadMachine, conversationThreadFixtures[state], { keep: ['merge'] });
  return (
    <div className="p-6">
      <ConversationView threadRef={threadRef} selfId={4} onBack={() => {}} />
    </div>
  );
}

/** One conversation over a frozen `conversationThread` actor, one story per state. */
function ThreadStory({ state }: { state: keyof typeof conversationThreadFixtures }) {
  return <Frame key={state} state={state} />;
}

const meta = {
  title: 'Conversations/Thread',
  component: ThreadStory,
  argTypes: { state: { control: 'select', options: Object.keys(conversationThreadFixtures) } },
  parameters: {
    gatehouse: { route: { path: '/conversation/:id', entry: '/conversation/7' } } satisfies GatehouseParameters,
  },
} satisfies Meta<typeof ThreadStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' } };
export const Failed: Story = { args: { state: 'failed' } };
export const Ready: Story = { args: { state: 'ready' } };
export const LoadingOlder: Story = { args: { state: 'loadingOlder' } };
export const Sending: Story = { args: { state: 'sending' } };
export const LoadingOlderWhileSending: Story = { args: { state: 'loadingOlderWhileSending' } };
export const Observing: Story = { args: { state: 'observing' } };
