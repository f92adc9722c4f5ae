import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { backupMakeFixtures } from '../../machines/backup-make/backup-make.fixtures';
import { backupMakeMachine } from '../../machines/backup-make/backup-make.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { BackupMakeDialog } from './BackupMakeDialog';

/** The make dialog over a frozen `backupMake` actor in each fixture state. */
function MakeStory({ state }: { state: keyof typeof backupMakeFixtures }) {
  const actor = useFrozenActor(backupMakeMachine, backupMakeFixtures[state]);
  return <BackupMakeDialog key={state} actor={actor} onClose={() => {}} />;
}

const meta = {
  title: 'Backups/Make',
  component: MakeStory,
  argTypes: { state: { control: 'select', options: Object.keys(backupMakeFixtures) } },
} satisfies Meta<typeof MakeStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => pageOf(canvasElement).findByRole('dialog', { name: 'Make a backup' });

export const Editing: Story = {
  args: { state: 'editing' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('checkbox', { name: 'Everything' })).toBeChecked();
    await expect(within(d).getByRole('button', { name: 'Make backup' })).toBeDisabled();
  },
};
export const Ready: Story = {
  args: { state: 'ready' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('checkbox', { name: 'Users' })).toBeChecked();
    await expect(within(d).getByRole('checkbox', { name: 'Devices' })).not.toBeChecked();
    await expect(within(d).getByRole('button', { name: 'Make backup' })).toBeEnabled();
  },
};
export const Mismatch: Story = {
  args: { state: 'mismatch' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByText('The two passphrases differ.')).toBeInTheDocument();
  },
};
export const FailedMake: Story = {
  args: { state: 'failedMake' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('alert')).toBeInTheDocument();
  },
};
export const Making: Story = {
  args: { state: 'making' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('progressbar', { name: 'Making the backup' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
  },
};
export const Done: Story = {
  args: { state: 'done' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('status')).toHaveTextContent('Backup “Before the spring works” is ready.');
  },
};
