import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { systemActionFixtures } from '../../machines/system-action/system-action.fixtures';
import { systemActionMachine } from '../../machines/system-action/system-action.machine';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { SystemActionConfirm } from '../system/SystemActionConfirm';
import { systemFixtures } from '../system/system.fixtures';
import { WorkersPanel } from '../system/WorkersPanel';

/** The workers table with its confirmation over a frozen `systemAction` actor. */
function ActionStory({ state }: { state: keyof typeof systemActionFixtures }) {
  const workersRef = useFrozenActor(loaderMachine, systemFixtures.workers.loaded);
  const actionRef = useFrozenActor(systemActionMachine, systemActionFixtures[state]);
  return (
    <div className="p-6">
      <WorkersPanel workersRef={workersRef} actionRef={actionRef} canAct />
      <SystemActionConfirm actionRef={actionRef} />
    </div>
  );
}

/** Every state of `systemAction` (7.8): nothing asked, the confirmation, the call running. */
const meta = {
  title: 'Machines/System action',
  component: ActionStory,
  parameters: { machine: 'system-action' },
} satisfies Meta<typeof ActionStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  name: 'idle',
  ...showing('idle'),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Background workers' });
    await expect(within(table).getAllByRole('button', { name: 'Restart' })).toHaveLength(6);
    await expect(pageOf(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

export const Confirming: Story = {
  name: 'confirming',
  ...showing('confirming'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Please confirm' });
    await expect(dialog).toHaveTextContent('Stop Device task runner? Its work waits until it is started again.');
    await expect(within(dialog).getByRole('button', { name: 'Yes, do it' })).toBeEnabled();
  },
};

export const Acting: Story = {
  name: 'acting',
  ...showing('acting'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Please confirm' });
    await expect(dialog).toHaveTextContent('Restart Mail sender?');
    await expect(within(dialog).getByRole('button', { name: 'Yes, do it' })).toHaveAttribute('aria-busy', 'true');
  },
};
