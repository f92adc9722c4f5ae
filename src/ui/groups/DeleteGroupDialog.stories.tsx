import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { groupDeleteFixtures } from '../../machines/group-delete/group-delete.fixtures';
import { groupDeleteMachine } from '../../machines/group-delete/group-delete.machine';
import { groupTreeFixtures } from '../../machines/group-tree/group-tree.fixtures';
import { groupTreeMachine } from '../../machines/group-tree/group-tree.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { DeleteGroupDialog } from './DeleteGroupDialog';
import { GROUP_ACTIONS } from './GroupRowMenu';
import { GroupTree } from './GroupTree';

/** The groups tree with a group's delete confirmation over a frozen `groupDelete` actor in a fixture state. */
export function DeleteGroupStory({ state = 'confirming' }: { state?: keyof typeof groupDeleteFixtures }) {
  const tree = useFrozenActor(groupTreeMachine, groupTreeFixtures.idle);
  const actor = useFrozenActor(groupDeleteMachine, groupDeleteFixtures[state]);
  return (
    <div className="p-6">
      <GroupTree tree={tree} actions={GROUP_ACTIONS} onAction={() => {}} />
      <DeleteGroupDialog key={state} actor={actor} />
    </div>
  );
}

const meta = {
  title: 'Groups/Delete',
  component: DeleteGroupStory,
  argTypes: { state: { control: 'select', options: Object.keys(groupDeleteFixtures) } },
  // The frame is exported for the Machines section, not a story of its own.
  excludeStories: ['DeleteGroupStory'],
} satisfies Meta<typeof DeleteGroupStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server refused (users would be left without a group): the reason shows in the confirmation. */
export const Refused: Story = {
  args: { state: 'refused' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Delete group' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Move the users to another group before deleting this one',
    );
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  },
};
