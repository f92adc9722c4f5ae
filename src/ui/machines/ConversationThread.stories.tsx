import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ThreadStories from '../conversations/ConversationView.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `conversationThread` machine, as /conversation/:id shows it. */
const meta = {
  title: 'Machines/Conversation thread',
  component: ThreadStories.component,
  parameters: { ...ThreadStories.parameters, machine: 'conversation-thread' },
} satisfies Meta<typeof ThreadStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the conversation…')).toBeInTheDocument();
    await expect(within(canvasElement).queryByLabelText('Write a message')).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    // A missing conversation is not transient: "not found" and the way back, no retry (issue 10).
    const failure = await within(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('Not found');
    await expect(within(failure).getByRole('button', { name: 'All conversations' })).toBeInTheDocument();
    await expect(within(failure).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};

export const Ready: Story = {
  name: 'ready (history: idle, composer: idle)',
  ...showing('ready'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Parcel at the desk' })).toBeInTheDocument();
    await expect(within(canvas.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: 'Load older messages' })).toBeEnabled();
    await expect(canvas.getByLabelText('Write a message')).toHaveValue('On my way');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
  },
};

export const LoadingOlder: Story = {
  name: 'ready (history: loadingOlder, composer: idle)',
  ...showing('loadingOlder'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading older messages…')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Write a message')).toBeEnabled();
  },
};

export const Sending: Story = {
  name: 'ready (history: idle, composer: sending)',
  ...showing('sending'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(canvas.getByLabelText('Write a message')).toBeDisabled();
    await expect(canvas.queryByText('Loading older messages…')).not.toBeInTheDocument();
  },
};

export const LoadingOlderWhileSending: Story = {
  name: 'ready (history: loadingOlder, composer: sending)',
  ...showing('loadingOlderWhileSending'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading older messages…')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};
