import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the conversation…')).toBeInTheDocument();
  },
};
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    const failure = await within(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('Not found');
    await expect(within(failure).getByRole('button', { name: 'All conversations' })).toBeInTheDocument();
    await expect(within(failure).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};
/** Messages oldest first, own ones as "You", load older, the draft in the composer. */
export const Ready: Story = {
  args: { state: 'ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Parcel at the desk' })).toBeInTheDocument();
    const messages = within(canvas.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    await expect(messages.map((m) => m.textContent)).toEqual([
      expect.stringContaining('Cora Concierge'),
      expect.stringContaining('You'),
      expect.stringContaining('the desk is open until eight'),
      expect.stringContaining('Great, see you then.'),
    ]);
    await expect(canvas.getByRole('button', { name: 'Load older messages' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Write a message')).toHaveValue('On my way');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
  },
};
export const LoadingOlder: Story = {
  args: { state: 'loadingOlder' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading older messages…')).toBeInTheDocument();
  },
};
export const Sending: Story = {
  args: { state: 'sending' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(canvas.getByLabelText('Write a message')).toBeDisabled();
  },
};
export const LoadingOlderWhileSending: Story = {
  args: { state: 'loadingOlderWhileSending' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading older messages…')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};
/** Not a participant: no composer, a note instead; the beginning is reached. */
export const Observing: Story = {
  args: { state: 'observing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/do not take part/)).toBeInTheDocument();
    await expect(canvas.queryByLabelText('Write a message')).not.toBeInTheDocument();
    await expect(canvas.getByText('This is the beginning of the conversation.')).toBeInTheDocument();
  },
};
