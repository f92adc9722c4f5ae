import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { backupRestoreFixtures } from '../../machines/backup-restore/backup-restore.fixtures';
import { backupRestoreMachine } from '../../machines/backup-restore/backup-restore.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { BackupRestoreDialog } from './BackupRestoreDialog';

/** The restore dialog over a frozen `backupRestore` actor in each fixture state. */
function RestoreStory({ state }: { state: keyof typeof backupRestoreFixtures }) {
  const actor = useFrozenActor(backupRestoreMachine, backupRestoreFixtures[state]);
  return <BackupRestoreDialog key={state} actor={actor} onClose={() => {}} />;
}

const meta = {
  title: 'Backups/Restore',
  component: RestoreStory,
  argTypes: { state: { control: 'select', options: Object.keys(backupRestoreFixtures) } },
} satisfies Meta<typeof RestoreStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const stored = (canvasElement: HTMLElement) =>
  pageOf(canvasElement).findByRole('dialog', { name: 'Restore “Before the spring works”' });

export const Choosing: Story = {
  args: { state: 'choosing' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    await expect(within(d).getByLabelText('Passphrase of this backup')).toHaveValue('');
    await expect(within(d).getByRole('button', { name: 'Preview' })).toBeDisabled();
  },
};
export const FromFile: Story = {
  args: { state: 'fromFile' },
  play: async ({ canvasElement }) => {
    const d = await pageOf(canvasElement).findByRole('dialog', { name: 'Restore a backup' });
    await expect(within(d).getByText('riverside-2026-03-02.zip')).toBeInTheDocument();
    await expect(within(d).getByRole('button', { name: 'Preview' })).toBeEnabled();
  },
};
export const FailedPreview: Story = {
  args: { state: 'failedPreview' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    await expect(within(d).getByRole('alert')).toHaveTextContent(
      'Invalid backup image: The passphrase is not the one this backup was made with.',
    );
  },
};
export const Previewing: Story = {
  args: { state: 'previewing' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    await expect(
      within(d).getByRole('progressbar', { name: 'Opening the backup and comparing it with the current data…' }),
    ).toBeInTheDocument();
  },
};
export const Preview: Story = {
  args: { state: 'preview' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    const table = within(d).getByRole('table', { name: 'Restoring this backup would change:' });
    await expect(within(table).getByRole('row', { name: 'Users 2 5 1' })).toBeInTheDocument();
    await expect(within(d).getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};
export const Confirm: Story = {
  args: { state: 'confirm' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    await expect(within(d).getByText('Replace the current data?')).toBeInTheDocument();
    await expect(within(d).getByRole('button', { name: 'Restore now' })).toBeEnabled();
  },
};
export const SafetyBackup: Story = {
  args: { state: 'safetyBackup' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    await expect(within(d).getByRole('progressbar', { name: 'Making a safety backup…' })).toHaveAttribute(
      'aria-valuenow',
      '34',
    );
  },
};
export const Restoring: Story = {
  args: { state: 'restoring' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    await expect(within(d).getByRole('progressbar', { name: 'Restoring the data…' })).toHaveAttribute(
      'aria-valuenow',
      '72',
    );
  },
};
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    await expect(within(d).getByRole('alert')).toHaveTextContent('nothing was changed');
    await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
export const Done: Story = {
  args: { state: 'done' },
  play: async ({ canvasElement }) => {
    const d = await stored(canvasElement);
    await expect(within(d).getByRole('status')).toHaveTextContent('The backup is restored.');
    await expect(within(d).getByText('Safety backup made first: “Safety 2026-03-05 16:40”.')).toBeInTheDocument();
  },
};
