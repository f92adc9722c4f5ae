import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import MakeStories from '../backups/BackupMakeDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `backupMake` machine, in the make dialog. */
const meta = {
  title: 'Machines/Backup make',
  component: MakeStories.component,
  parameters: { machine: 'backup-make' },
} satisfies Meta<typeof MakeStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => pageOf(canvasElement).findByRole('dialog', { name: 'Make a backup' });

export const Editing: Story = {
  name: 'editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByLabelText('Name')).toHaveValue('Backup 2026-03-05');
  },
};
export const Making: Story = {
  name: 'making',
  ...showing('making'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('progressbar')).toBeInTheDocument();
  },
};
export const Done: Story = {
  name: 'done',
  ...showing('done'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('status')).toBeInTheDocument();
  },
};
