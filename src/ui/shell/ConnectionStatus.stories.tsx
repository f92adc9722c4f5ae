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
} satisfies Meta<typeof ReconnectingBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Connecting: Story = {
  args: { realtime: frozenActor(realtimeMachine, realtimeFixtures.connecting) },
};
export const Connected: Story = {
  args: { realtime: frozenActor(realtimeMachine, realtimeFixtures.connected) },
};
export const Refreshing: Story = {
  args: { realtime: frozenActor(realtimeMachine, realtimeFixtures.refreshing) },
};
export const Disconnected: Story = {
  args: { realtime: frozenActor(realtimeMachine, realtimeFixtures.disconnected) },
};
