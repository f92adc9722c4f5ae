import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PollStories from '../announces/PollView.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `pollAnswer` machine, as /announce/:token shows it. */
const meta = {
  title: 'Machines/Poll answer',
  component: PollStories.component,
  parameters: { ...PollStories.parameters, machine: 'poll-answer' },
} satisfies Meta<typeof PollStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the announcement…');
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const failure = await within(canvasElement).findByRole('alert');
    // A missing announcement is not transient: "not found", no retry (issue 10).
    await expect(failure).toHaveTextContent('Not found');
    await expect(within(failure).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};

export const Reading: Story = {
  name: 'reading',
  ...showing('reading'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/water supply is off/)).toBeInTheDocument();
    await expect(canvas.queryByRole('radio')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Send the answer' })).not.toBeInTheDocument();
  },
};

export const AnsweringEditing: Story = {
  name: 'answering.editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: 'Warm white' })).toBeChecked();
    await expect(canvas.getByLabelText('Your own answer')).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Send the answer' })).toBeEnabled();
  },
};

export const AnsweringSending: Story = {
  name: 'answering.sending',
  ...showing('sending'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};

export const AnsweringAnswered: Story = {
  name: 'answering.answered',
  ...showing('answered'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your answer')).toBeInTheDocument();
    await expect(canvas.getByText('Sage green')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Change the answer' })).toBeInTheDocument();
    await expect(canvas.queryByRole('radio')).not.toBeInTheDocument();
  },
};
