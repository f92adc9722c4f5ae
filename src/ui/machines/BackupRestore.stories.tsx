import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import RestoreStories from '../backups/BackupRestoreDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `backupRestore` machine, in the restore dialog. */
const meta = {
  title: 'Machines/Backup restore',
  component: RestoreStories.component,
  parameters: { machine: 'backup-restore' },
} satisfies Meta<typeof RestoreStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  pageOf(canvasElement).findByRole('dialog', { name: 'Restore “Before the spring works”' });

export const Choosing: Story = {
  name: 'choosing',
  ...showing('choosing'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByLabelText('Passphrase of this backup')).toBeEnabled();
  },
};
export const Previewing: Story = {
  name: 'previewing',
  ...showing('previewing'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('progressbar')).toBeInTheDocument();
  },
};
export const Preview: Story = {
  name: 'preview',
  ...showing('preview'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};
export const Confirm: Story = {
  name: 'confirm',
  ...showing('confirm'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('button', { name: 'Restore now' })).toBeEnabled();
  },
};
export const SafetyBackup: Story = {
  name: 'applying.safetyBackup',
  ...showing('safetyBackup'),
  play: async ({ canvasElement }) => {
    await expect(
      within(await dialog(canvasElement)).getByRole('progressbar', { name: 'Making a safety backup…' }),
    ).toBeInTheDocument();
  },
};
export const Restoring: Story = {
  name: 'applying.restoring',
  ...showing('restoring'),
  play: async ({ canvasElement }) => {
    await expect(
      within(await dialog(canvasElement)).getByRole('progressbar', { name: 'Restoring the data…' }),
    ).toBeInTheDocument();
  },
};
export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('alert')).toBeInTheDocument();
  },
};
export const Done: Story = {
  name: 'done',
  ...showing('done'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('status')).toBeInTheDocument();
  },
};
