import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { ipUnbanFixtures } from '../../machines/ip-unban/ip-unban.fixtures';
import { ipUnbanMachine } from '../../machines/ip-unban/ip-unban.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { BansView } from '../ip-blocking/BansView';
import { ipBlockingFixtures } from '../ip-blocking/ip-blocking.fixtures';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';

const can = { unban: true, unbanAll: true };

/** The banned list with its unban confirmation over a frozen `ipUnban` actor. */
function UnbanStory({ state }: { state: keyof typeof ipUnbanFixtures }) {
  const listRef = useFrozenActor(entityListMachine, ipBlockingFixtures.bans.ready);
  const statusRef = useFrozenActor(loaderMachine, ipBlockingFixtures.status.loaded);
  const unbanRef = useFrozenActor(ipUnbanMachine, ipUnbanFixtures[state]);
  return (
    <div className="p-6">
      <BansView listRef={listRef} statusRef={statusRef} unbanRef={unbanRef} can={can} overview={null} />
    </div>
  );
}

/** Every state of `ipUnban` (7.8): nothing asked, the confirmation, the call running. */
const meta = {
  title: 'Machines/IP unban',
  component: UnbanStory,
  parameters: { machine: 'ip-unban' },
} satisfies Meta<typeof UnbanStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  name: 'idle',
  ...showing('idle'),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'IP blocking' });
    await expect(within(table).getByRole('button', { name: 'Unban 203.0.113.7 (SIP)' })).toBeEnabled();
    await expect(pageOf(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

export const Confirming: Story = {
  name: 'confirming',
  ...showing('confirming'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Unban an address' });
    await expect(dialog).toHaveTextContent('Lift the ban of 203.0.113.7 for SIP?');
    await expect(within(dialog).getByRole('button', { name: 'Unban' })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

export const Unbanning: Story = {
  name: 'unbanning',
  ...showing('unbanning'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Unban an address' });
    await expect(within(dialog).getByRole('button', { name: 'Unban' })).toHaveAttribute('aria-busy', 'true');
  },
};
