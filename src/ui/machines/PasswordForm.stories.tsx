import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PasswordStories from '../profile/PasswordCard.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `passwordForm` machine, in the change-password card of /profile. */
const meta = {
  title: 'Machines/Password form',
  component: PasswordStories.component,
  parameters: { machine: 'password-form' },
} satisfies Meta<typeof PasswordStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {
  name: 'editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Current password')).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Change password' })).toBeEnabled();
  },
};

export const Submitting: Story = {
  name: 'submitting',
  ...showing('submitting'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Change password' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Done: Story = {
  name: 'done',
  ...showing('done'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Your password has been changed.');
    await expect(canvas.queryByLabelText('Current password')).not.toBeInTheDocument();
  },
};
