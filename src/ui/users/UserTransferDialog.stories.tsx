import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { userTransferFixtures } from '../../machines/user-transfer/user-transfer.fixtures';
import { userTransferMachine } from '../../machines/user-transfer/user-transfer.machine';
import { usePickers } from '../entities/use-pickers';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { UserTransferDialog } from './UserTransferDialog';

/** The batch user upload and export/import by group dialogs over a frozen `userTransfer` actor. */
function TransferStory({ state, mode }: { state: keyof typeof userTransferFixtures; mode: 'upload' | 'byGroup' }) {
  const actor = useFrozenActor(userTransferMachine, userTransferFixtures[state]);
  const pickers = usePickers();
  const group = userTransferFixtures[state].context.groupId === null ? null : { id: 2, name: 'Building A' };
  return (
    <UserTransferDialog
      key={`${mode}-${state}`}
      actor={actor}
      mode={mode}
      groups={pickers.groups}
      roles={pickers.roles}
      can={{ export: true, import: true }}
      group={group}
      onClose={() => {}}
    />
  );
}

const meta = {
  title: 'Users/User transfer',
  component: TransferStory,
  args: { mode: 'upload' },
  argTypes: {
    state: { control: 'select', options: Object.keys(userTransferFixtures) },
    mode: { control: 'inline-radio', options: ['upload', 'byGroup'] },
  },
} satisfies Meta<typeof TransferStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = {
  args: { state: 'choosing' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('dialog', { name: 'Upload users' })).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled();
  },
};
export const Ready: Story = { args: { state: 'ready' } };
export const FailedUpload: Story = {
  args: { state: 'failedUpload' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('alert')).toHaveTextContent(/wrong file body/i);
  },
};
export const ByGroup: Story = {
  args: { state: 'ready', mode: 'byGroup' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('dialog', { name: 'Users of a group: export and import' })).toBeInTheDocument();
    await expect(page.getByRole('radio', { name: 'CSV (.csv)' })).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
  },
};
export const Exporting: Story = { args: { state: 'exporting', mode: 'byGroup' } };
export const Uploading: Story = { args: { state: 'uploading' } };
export const Finished: Story = { args: { state: 'finished' } };
export const FinishedClean: Story = {
  args: { state: 'finishedClean' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByText('Every row was imported.')).toBeInTheDocument();
  },
};
