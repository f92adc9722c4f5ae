import type { Meta, StoryObj } from '@storybook/react-vite';
import { realtimeFixtures } from '../../machines/realtime/realtime.fixtures';
import { realtimeMachine } from '../../machines/realtime/realtime.machine';
import { frozenActor } from '../storybook/frozen-actors';
import { ReconnectingBanner } from './ConnectionStatus';

/** The live connection's states (7.10) as the shell shows them: only a reconnect is worth a banner. */
const meta = {
  title: 'Shell/Connection status',
  component: ReconnectingBanner,
  decorators: [
    (Story) => (
      <div className="border border-line">
        <Story />
        <p className="p-4 text-muted text-sm">Page content</p>
      </div>
    ),
  ],
} satisfies Meta;
export default meta;
type Story = StoryObj;

/** An actor is not an arg (args must be serialisable): each story renders its own frozen actor. */
const inState = (state: keyof typeof realtimeFixtures): Story => ({
  render: () => <ReconnectingBanner realtime={frozenActor(realtimeMachine, realtimeFixtures[state])} />,
});

export const Connecting = inState('connecting');
export const Connected = inState('connected');
export const Refreshing = inState('refreshing');
export const Disconnected = inState('disconnected');
