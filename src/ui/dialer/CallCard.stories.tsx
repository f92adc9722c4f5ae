import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { callFixtures } from '../../machines/call/call.fixtures';
import { callCardShows } from '../storybook/play';
import { CallArea } from './CallArea';
import { scene } from './dialer-scenes';
import { useDialerScene } from './use-dialer-scene';

function Frame({ call }: { call: (typeof callFixtures)[keyof typeof callFixtures] }) {
  const { dialerRef } = useDialerScene(scene('idle', [call]));
  return (
    <div className="flex h-[30rem] max-w-xl flex-col">
      <CallArea dialerRef={dialerRef} />
    </div>
  );
}

/** One call in each state of the call machine (frozen), where the dialer lists it: its card in the calls column. */
function CallCardStory({ state }: { state: keyof typeof callFixtures }) {
  return <Frame key={state} call={callFixtures[state]} />;
}

const meta = {
  title: 'Dialer/Call card',
  component: CallCardStory,
  argTypes: { state: { control: 'select', options: Object.keys(callFixtures) } },
} satisfies Meta<typeof CallCardStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Dialing: Story = { args: { state: 'dialing' }, play: callCardShows('Calling…', ['Hang up']) };
export const Ringing: Story = {
  args: { state: 'ringing' },
  play: callCardShows('Incoming call', ['Answer', 'Decline']),
};
export const RingingSos: Story = {
  args: { state: 'ringingSos' },
  play: async (context) => {
    await callCardShows('Incoming call', ['Answer', 'Decline'])(context);
    await expect(within(context.canvasElement).getByText('SOS')).toBeInTheDocument();
  },
};
export const Active: Story = {
  args: { state: 'active' },
  play: callCardShows('In call', ['Mute', 'Turn video on', 'Open the door (#)', 'Hang up']),
};
export const ActiveMutedVideo: Story = {
  args: { state: 'activeMutedVideo' },
  play: async (context) => {
    await callCardShows('In call', ['Unmute', 'Turn video off', 'Hang up'])(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByLabelText('Video from 2002')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Your camera')).toBeInTheDocument();
  },
};
export const NewAwaiting: Story = {
  args: { state: 'newAwaiting' },
  play: callCardShows('New', ['Take the call', 'End the call']),
};
export const Paused: Story = {
  args: { state: 'paused' },
  play: callCardShows('Waiting', ['Take the call', 'End the call']),
};
export const Joining: Story = { args: { state: 'joining' }, play: callCardShows('Joining…', ['End the call']) };
export const ActiveAwaiting: Story = {
  args: { state: 'activeAwaiting' },
  play: callCardShows('In call', ['Mute', 'Hold', 'End the call']),
};
export const ProcessedPaused: Story = {
  args: { state: 'processedPaused' },
  play: callCardShows('On hold', ['Resume', 'End the call']),
};
export const AnsweredByAnother: Story = {
  args: { state: 'answeredByAnother' },
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole('article');
    await expect(card).toHaveAttribute('aria-disabled', 'true');
    await expect(card).toHaveTextContent('Answered by another user (1002)');
  },
};
export const Stopping: Story = { args: { state: 'stopping' }, play: callCardShows('Ending…', []) };
export const Destroyed: Story = { args: { state: 'destroyed' }, play: callCardShows('Ended: hung up', []) };
/** Russian: an ended call says why in the user's language. */
export const DestroyedInRussian: Story = {
  args: { state: 'destroyed' },
  globals: { locale: 'ru' },
  play: callCardShows('Завершён: разговор завершён', []),
};
/** Five seconds after it ended the call is removed: its card is gone from the list. */
export const Removed: Story = {
  args: { state: 'removed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No calls')).toBeInTheDocument();
    await expect(canvas.queryByRole('article')).not.toBeInTheDocument();
  },
};
