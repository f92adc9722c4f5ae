import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { pollAnswerFixtures } from '../../machines/poll-answer/poll-answer.fixtures';
import { pollAnswerMachine } from '../../machines/poll-answer/poll-answer.machine';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { PollView } from './PollView';

function Frame({ state }: { state: keyof typeof pollAnswerFixtures }) {
  const pollRef = useFrozenActor(pollAnswerMachine, pollAnswerFixtures[state]);
  return (
    <div className="p-6">
      <PollView pollRef={pollRef} />
    </div>
  );
}

/** /announce/:token over a frozen `pollAnswer` actor, one story per state. */
function PollStory({ state }: { state: keyof typeof pollAnswerFixtures }) {
  return <Frame key={state} state={state} />;
}

const meta = {
  title: 'Announces/Poll page',
  component: PollStory,
  argTypes: { state: { control: 'select', options: Object.keys(pollAnswerFixtures) } },
  parameters: {
    gatehouse: { route: { path: '/announce/:token', entry: '/announce/token' } } satisfies GatehouseParameters,
  },
} satisfies Meta<typeof PollStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' } };
export const Failed: Story = { args: { state: 'failed' } };
export const Information: Story = {
  args: { state: 'reading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/water supply is off/)).toBeInTheDocument();
    await expect(canvas.queryByRole('radio')).not.toBeInTheDocument();
  },
};
/** Radio options, own answer, send. */
export const Answering: Story = {
  args: { state: 'editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Which colour for the entrance hall?' }),
    ).toBeInTheDocument();
    await expect(canvas.getByText('From Administrator')).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Warm white' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Sand' })).not.toBeChecked();
    await expect(canvas.getByLabelText('Your own answer')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send the answer' })).toBeEnabled();
  },
};
/** The rule of section 5. */
export const NeedsAnAnswer: Story = {
  args: { state: 'invalid' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Needs answers or a custom response')).toBeInTheDocument();
  },
};
export const Sending: Story = {
  args: { state: 'sending' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};
export const Answered: Story = {
  args: { state: 'answered' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your answer')).toBeInTheDocument();
    await expect(canvas.getByText('Sage green')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Change the answer' })).toBeInTheDocument();
  },
};
export const Closed: Story = {
  args: { state: 'closed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This poll is closed.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Send the answer' })).not.toBeInTheDocument();
  },
};
