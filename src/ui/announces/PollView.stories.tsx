import type { Meta, StoryObj } from '@storybook/react-vite';
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
export const Information: Story = { args: { state: 'reading' } };
export const Answering: Story = { args: { state: 'editing' } };
export const NeedsAnAnswer: Story = { args: { state: 'invalid' } };
export const Sending: Story = { args: { state: 'sending' } };
export const Answered: Story = { args: { state: 'answered' } };
export const Closed: Story = { args: { state: 'closed' } };
