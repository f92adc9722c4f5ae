import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { callFixtures, sampleInputs } from '../../machines/call/call.fixtures';
import { dialerFixtures } from '../../machines/dialer/dialer.fixtures';
import { DialerPanelView } from '../dialer/DialerPanelView';
import { callAs, type DialerScene, fixtureScene } from '../dialer/dialer-scenes';
import { useDialerScene } from '../dialer/use-dialer-scene';
import { pageOf } from '../storybook/play';

/** Each dialer fixture with the call actors its summaries stand for. */
const SCENES = {
  idle: fixtureScene(dialerFixtures.idle, []),
  confirmingEnd: fixtureScene(dialerFixtures.confirmingEnd, [callFixtures.activeMutedVideo, callFixtures.ringing]),
  confirmingHold: fixtureScene(dialerFixtures.confirmingHold, [callFixtures.activeAwaiting, callFixtures.ringing]),
  confirmingReturn: fixtureScene(dialerFixtures.confirmingReturn, [
    callFixtures.processedPaused,
    callAs(callFixtures.destroyed, { parentId: sampleInputs.awaiting.speechId }),
  ]),
} satisfies Record<keyof typeof dialerFixtures, DialerScene>;

function Frame({ scene }: { scene: DialerScene }) {
  return <DialerPanelView {...useDialerScene(scene)} />;
}

/** The web dialer panel (2.6) over a frozen `dialer` actor hydrated from a fixture. */
function DialerStory({ state }: { state: keyof typeof SCENES }) {
  return <Frame key={state} scene={SCENES[state]} />;
}

/** Every state of the `dialer` machine: idle, and the three yes/no approvals of 4 and 8.3. */
const meta = {
  title: 'Machines/Dialer',
  component: DialerStory,
  parameters: { machine: 'dialer' },
} satisfies Meta<typeof DialerStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const asks =
  (title: string, message: string): Story['play'] =>
  async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: title });
    await expect(dialog).toHaveTextContent(message);
    await expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument();
  };

export const Idle: Story = {
  name: 'idle',
  args: { state: 'idle' },
  parameters: { fixture: 'idle' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('dialog', { name: 'Web dialer' })).toBeInTheDocument();
    await expect(page.getByText('No calls')).toBeInTheDocument();
    await expect(page.queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

export const ConfirmingEnd: Story = {
  name: 'confirmingEnd',
  args: { state: 'confirmingEnd' },
  parameters: { fixture: 'confirmingEnd' },
  play: asks('End the active call?', 'The active call will be ended.'),
};

export const ConfirmingHold: Story = {
  name: 'confirmingHold',
  args: { state: 'confirmingHold' },
  parameters: { fixture: 'confirmingHold' },
  play: asks('Hold the active call?', 'The awaiting call will be held.'),
};

export const ConfirmingReturn: Story = {
  name: 'confirmingReturn',
  args: { state: 'confirmingReturn' },
  parameters: { fixture: 'confirmingReturn' },
  play: asks('Back to the previous call?', 'The call ended. Return to the call you held?'),
};
