import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { callFixtures } from '../../machines/call/call.fixtures';
import type { CallMachine } from '../../machines/call/call.machine';
import { CallCard } from './CallCard';
import { scene } from './dialer-scenes';
import { useDialerScene } from './use-dialer-scene';

function Frame({ call }: { call: SnapshotFrom<CallMachine> }) {
  const { dialerRef } = useDialerScene(scene('idle', [call]));
  const callRef = dialerRef.getSnapshot().children[`call-${call.context.speechId}`];
  if (!callRef) return null;
  return (
    <div className="max-w-xl bg-canvas p-6">
      <CallCard callRef={callRef as never} dialerRef={dialerRef} selected={false} />
    </div>
  );
}

/** One call card per state of the call machine (frozen). */
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

export const Dialing: Story = { args: { state: 'dialing' } };
export const Ringing: Story = { args: { state: 'ringing' } };
export const RingingSos: Story = { args: { state: 'ringingSos' } };
export const Active: Story = { args: { state: 'active' } };
export const ActiveMutedVideo: Story = { args: { state: 'activeMutedVideo' } };
export const NewAwaiting: Story = { args: { state: 'newAwaiting' } };
export const Paused: Story = { args: { state: 'paused' } };
export const Joining: Story = { args: { state: 'joining' } };
export const ActiveAwaiting: Story = { args: { state: 'activeAwaiting' } };
export const ProcessedPaused: Story = { args: { state: 'processedPaused' } };
export const AnsweredByAnother: Story = { args: { state: 'answeredByAnother' } };
export const Stopping: Story = { args: { state: 'stopping' } };
export const Destroyed: Story = { args: { state: 'destroyed' } };
export const Removed: Story = { args: { state: 'removed' } };
