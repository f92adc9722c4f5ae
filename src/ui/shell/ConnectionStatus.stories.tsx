import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { realtimeFixtures } from '../../machines/realtime/realtime.fixtures';
import { realtimeMachine } from '../../machines/realtime/realtime.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { ReconnectingBanner } from './ConnectionStatus';

/** The banner over a frozen `realtime` actor, above some page content. */
function ConnectionStory({ state }: { state: keyof typeof realtimeFixtures }) {
  const realtime = useFrozenActor(realtimeMachine, realtimeFixtures[state]);
  return (
    <div className="border border-line">
      <ReconnectingBanner realtime={realtime} />
      <p className="p-4 text-muted text-sm">Page content</p>
    </div>
  );
}

/** The live connection's states (7.10) as the shell shows them: only a reconnect is worth a banner. */
const meta = {
  title: 'Shell/Connection status',
  component: ConnectionStory,
  argTypes: { state: { control: 'select', options: Object.keys(realtimeFixtures) } },
} satisfies Meta<typeof ConnectionStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const quiet: Story['play'] = async ({ canvasElement }) => {
  await expect(await within(canvasElement).findByText('Page content')).toBeInTheDocument();
  await expect(within(canvasElement).queryByRole('status')).not.toBeInTheDocument();
};
const reconnecting: Story['play'] = async ({ canvasElement }) => {
  await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
    'Live updates paused: reconnecting…',
  );
};

export const Connecting: Story = { args: { state: 'connecting' }, play: quiet };
export const Connected: Story = { args: { state: 'connected' }, play: quiet };
export const Refreshing: Story = { args: { state: 'refreshing' }, play: reconnecting };
export const Disconnected: Story = { args: { state: 'disconnected' }, play: reconnecting };
