import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';
import TransferStories from '../users/UserTransferDialog.stories';

/** Every state of the `userTransfer` machine, in the users export/import by group dialog. */
const meta = {
  title: 'Machines/User transfer',
  component: TransferStories.component,
  args: { mode: 'byGroup' },
  parameters: { machine: 'user-transfer' },
} satisfies Meta<typeof TransferStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  pageOf(canvasElement).findByRole('dialog', { name: 'Users of a group: export and import' });

export const Choosing: Story = {
  name: 'choosing',
  ...showing('choosing'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getAllByText('not chosen')).toHaveLength(2);
    await expect(within(form).getByRole('button', { name: 'Export' })).toBeDisabled();
    await expect(within(form).getByRole('button', { name: 'Upload' })).toBeDisabled();
  },
};

export const Exporting: Story = {
  name: 'exporting',
  ...showing('exporting'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('status')).toHaveTextContent('Preparing the file…');
    await expect(within(form).getByRole('radio', { name: 'CSV (.csv)' })).toBeChecked();
  },
};

export const Uploading: Story = {
  name: 'uploading',
  ...showing('uploading'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('progressbar')).toBeInTheDocument();
    await expect(within(form).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const Finished: Story = {
  name: 'finished',
  ...showing('finished'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('list', { name: 'Upload summary' })).toBeInTheDocument();
    await expect(within(form).getByText('2 rows were refused:')).toBeInTheDocument();
    await expect(within(form).getByRole('button', { name: 'Download error report' })).toBeInTheDocument();
  },
};
