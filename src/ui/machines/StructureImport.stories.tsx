import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ImportStories from '../groups/StructureImportDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `structureImport` machine, in the import dialog of a group. */
const meta = {
  title: 'Machines/Structure import',
  component: ImportStories.component,
  parameters: { machine: 'structure-import' },
} satisfies Meta<typeof ImportStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  pageOf(canvasElement).findByRole('dialog', { name: 'Import structure into Building A' });

export const Choosing: Story = {
  name: 'choosing',
  ...showing('choosing'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByText('not chosen')).toBeInTheDocument();
    await expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled();
  },
};

export const Uploading: Story = {
  name: 'uploading',
  ...showing('uploading'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('progressbar')).toBeInTheDocument();
    await expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled();
  },
};

export const Finished: Story = {
  name: 'finished',
  ...showing('finished'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('list', { name: 'Import summary' })).toBeInTheDocument();
    await expect(within(form).getByText('2 rows were refused:')).toBeInTheDocument();
    await expect(within(form).getByRole('button', { name: 'Download error report' })).toBeInTheDocument();
  },
};
