import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ImportStories from '../identifiers/IdentifierImportDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `identifierImport` machine, in the identifier import dialog. */
const meta = {
  title: 'Machines/Identifier import',
  component: ImportStories.component,
  parameters: { machine: 'identifier-import' },
} satisfies Meta<typeof ImportStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  pageOf(canvasElement).findByRole('dialog', { name: 'Import identifiers' });

export const Choosing: Story = {
  name: 'choosing',
  ...showing('choosing'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('button', { name: 'Check the file' })).toBeDisabled();
  },
};

export const Checking: Story = {
  name: 'checking',
  ...showing('checking'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('progressbar', { name: 'Checking the file…' })).toBeInTheDocument();
  },
};

export const Duplicates: Story = {
  name: 'duplicates',
  ...showing('duplicates'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(within(form).getByText('3735928559')).toBeInTheDocument();
  },
};

export const Continuing: Story = {
  name: 'continuing',
  ...showing('continuing'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('progressbar', { name: 'Importing…' })).toBeInTheDocument();
  },
};

export const Report: Story = {
  name: 'report',
  ...showing('report'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('list', { name: 'Import summary' })).toBeInTheDocument();
  },
};
