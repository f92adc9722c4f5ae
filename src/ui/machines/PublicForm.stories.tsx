import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import RegistrationStories from '../registration/PublicFormView.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `publicForm` machine, on the registration-by-invitation page. */
const meta = {
  title: 'Machines/Public form',
  component: RegistrationStories.component,
  parameters: { machine: 'public-form' },
} satisfies Meta<typeof RegistrationStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const loadingPlay: Story['play'] = async ({ canvasElement }) => {
  await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading…');
  await expect(within(canvasElement).queryByLabelText(/New password/)).not.toBeInTheDocument();
};

/** Deciding whether the invitation needs loading: a moment, shown as loading. */
export const Starting: Story = { name: 'starting', ...showing('starting'), play: loadingPlay };

export const Loading: Story = { name: 'loading', ...showing('loading'), play: loadingPlay };

export const Editing: Story = {
  name: 'editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/New password/)).toBeEnabled();
    await expect(canvas.getByText('Nina Neighbour · newbie · Riverside Residence')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Activate the account' })).toBeEnabled();
  },
};

export const Submitting: Story = {
  name: 'submitting',
  ...showing('submitting'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Activate the account' })).toBeDisabled();
  },
};

export const Done: Story = {
  name: 'done',
  ...showing('done'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Your account is active.');
  },
};

export const Invalid: Story = {
  name: 'invalid',
  ...showing('invalid'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('This invitation was not found');
    await expect(within(canvasElement).queryByLabelText(/New password/)).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('No connection to the server.');
    await expect(within(canvasElement).queryByLabelText(/New password/)).not.toBeInTheDocument();
  },
};
