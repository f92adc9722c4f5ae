import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import FormStories from '../entities/EntityFormDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the generic `entityForm` machine, in the edit dialog of a sample gate. */
const meta = {
  title: 'Machines/Entity form',
  component: FormStories.component,
  parameters: { machine: 'entity-form' },
} satisfies Meta<typeof FormStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => pageOf(canvasElement).findByRole('dialog', { name: 'Gate' });

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('status')).toHaveTextContent('Loading…');
    await expect(within(form).queryByLabelText(/^Name/)).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    // A missing item is not transient: "not found" and a way out, no retry (issue 10).
    const failure = within(await dialog(canvasElement)).getByRole('alert');
    await expect(failure).toHaveTextContent('Not found');
    await expect(failure).toHaveTextContent('It does not exist, or it was deleted.');
    await expect(within(failure).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await expect(within(failure).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};

export const Editing: Story = {
  name: 'editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByLabelText(/^Name/)).toHaveValue('North gate');
    await expect(within(form).getByLabelText(/^Name/)).toBeEnabled();
    await expect(within(form).getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(within(form).queryByRole('status')).not.toBeInTheDocument();
  },
};

export const Saving: Story = {
  name: 'saving',
  ...showing('saving'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('button', { name: 'Approve' })).toHaveAttribute('aria-busy', 'true');
    await expect(within(form).getByLabelText(/^Name/)).toBeDisabled();
    await expect(within(form).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const Filling: Story = {
  name: 'filling',
  ...showing('filling'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('status')).toHaveTextContent('Getting suggested values…');
    await expect(within(form).getByLabelText(/^Name/)).toBeDisabled();
    await expect(within(form).getByRole('button', { name: 'Approve' })).toBeDisabled();
  },
};

export const Saved: Story = {
  name: 'saved',
  ...showing('saved'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(within(form).getByRole('status')).toHaveTextContent('Saved');
    await expect(within(form).getByLabelText(/^Name/)).toHaveValue('North gate');
  },
};
