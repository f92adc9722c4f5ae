import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import AddStories from '../licences/LicenceAddDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `licenceAdd` machine, in the add-licences dialog. */
const meta = {
  title: 'Machines/Licence add',
  component: AddStories.component,
  parameters: { machine: 'licence-add' },
} satisfies Meta<typeof AddStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => pageOf(canvasElement).findByRole('dialog', { name: 'Add licences' });

export const Choosing: Story = {
  name: 'choosing',
  ...showing('choosing'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByLabelText('Licence file')).toBeEnabled();
  },
};
export const Checking: Story = {
  name: 'checking',
  ...showing('checking'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('progressbar')).toBeInTheDocument();
  },
};
export const Preview: Story = {
  name: 'preview',
  ...showing('preview'),
  play: async ({ canvasElement }) => {
    await expect(within(await dialog(canvasElement)).getByRole('button', { name: 'Add licences' })).toBeEnabled();
  },
};
export const Applying: Story = {
  name: 'applying',
  ...showing('applying'),
  play: async ({ canvasElement }) => {
    await expect(
      within(await dialog(canvasElement)).getByRole('progressbar', { name: 'Adding the licences…' }),
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
    await expect(within(await dialog(canvasElement)).getByRole('button', { name: 'Close' })).toBeEnabled();
  },
};
