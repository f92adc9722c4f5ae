import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import GenerateStories from '../groups/GenerateGroupsDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `generateGroups` machine, in the generate-groups dialog (2.5). */
const meta = {
  title: 'Machines/Generate groups',
  component: GenerateStories.component,
  parameters: { machine: 'generate-groups' },
} satisfies Meta<typeof GenerateStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  pageOf(canvasElement).findByRole('dialog', { name: 'Generate groups in Riverside Residence' });

export const Editing: Story = {
  name: 'editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByLabelText('Floors: how many')).toBeEnabled();
    await expect(within(form).getByRole('button', { name: 'Preview' })).toBeEnabled();
  },
};

export const Previewing: Story = {
  name: 'previewing',
  ...showing('previewing'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Preview: Story = {
  name: 'preview',
  ...showing('preview'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByText('5 groups will be created:')).toBeInTheDocument();
    await expect(within(form).getByText('Unit 202')).toBeInTheDocument();
    await expect(within(form).getByRole('button', { name: 'Create 5 groups' })).toBeEnabled();
  },
};

export const Saving: Story = {
  name: 'saving',
  ...showing('saving'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('button', { name: 'Create 5 groups' })).toHaveAttribute('aria-busy', 'true');
    await expect(within(form).getByRole('button', { name: 'Back' })).toBeDisabled();
  },
};

export const Saved: Story = {
  name: 'saved',
  ...showing('saved'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('status')).toHaveTextContent('5 groups were created in Riverside Residence.');
    await expect(within(form).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await expect(within(form).queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
  },
};
