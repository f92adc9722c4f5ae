import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ProfileStories from '../profile/ProfileView.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `profileForm` machine, on /profile. */
const meta = {
  title: 'Machines/Profile form',
  component: ProfileStories.component,
  parameters: { ...ProfileStories.parameters, machine: 'profile-form' },
} satisfies Meta<typeof ProfileStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {
  name: 'editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('E-mail')).toHaveValue('admin@riverside.example');
    await expect(canvas.getByLabelText('E-mail')).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

export const Saving: Story = {
  name: 'saving',
  ...showing('saving'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Save' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
