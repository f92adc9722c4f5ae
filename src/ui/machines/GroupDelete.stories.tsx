import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DeleteGroupStory } from '../groups/DeleteGroupDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `groupDelete` machine: nothing asked, the confirmation, the call running. */
const meta = {
  title: 'Machines/Group delete',
  component: DeleteGroupStory,
  parameters: { machine: 'group-delete' },
} satisfies Meta<typeof DeleteGroupStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  name: 'idle',
  ...showing('idle'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('treegrid', { name: 'Groups' })).toBeInTheDocument();
    await expect(pageOf(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

export const Confirming: Story = {
  name: 'confirming',
  ...showing('confirming'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Delete group' });
    await expect(dialog).toHaveTextContent('Delete Building A? Its subgroups are deleted with it.');
    await expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

export const Deleting: Story = {
  name: 'deleting',
  ...showing('deleting'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Delete group' });
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
  },
};
