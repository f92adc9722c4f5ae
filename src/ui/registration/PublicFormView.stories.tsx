import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { publicFormFixtures } from '../../machines/public-form/public-form.fixtures';
import { publicFormMachine } from '../../machines/public-form/public-form.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { PublicFormView } from './PublicFormView';

/** The registration-by-invitation form over a frozen `publicForm` actor in each fixture state. */
function RegistrationStory({ state }: { state: keyof typeof publicFormFixtures }) {
  const actor = useFrozenActor(publicFormMachine, publicFormFixtures[state]);
  return (
    <PublicFormView
      key={state}
      actor={actor}
      title="Complete your registration"
      subtitle="You were invited to Gatehouse. Choose a password to activate your account."
      header={<p className="text-sm">Nina Neighbour · newbie · Riverside Residence</p>}
      fields={[
        { name: 'password', label: 'New password', type: 'password' },
        { name: 'password_confirmation', label: 'Repeat the password', type: 'password' },
      ]}
      submitLabel="Activate the account"
      done={<p role="status">Your account is active.</p>}
      invalid={<p role="status">This invitation was not found or was already used.</p>}
    />
  );
}

const meta = {
  title: 'Registration/Invitation form',
  component: RegistrationStory,
  argTypes: { state: { control: 'select', options: Object.keys(publicFormFixtures) } },
} satisfies Meta<typeof RegistrationStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Starting: Story = { args: { state: 'starting' } };
export const Loading: Story = { args: { state: 'loading' } };
export const Editing: Story = { args: { state: 'editing' } };
export const WithErrors: Story = {
  args: { state: 'withErrors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Min length 8 chars')).toBeInTheDocument();
    await expect(canvas.getByText('Fields do not match')).toBeInTheDocument();
    await expect(canvas.getByLabelText(/Repeat the password/)).toHaveAttribute('aria-invalid', 'true');
  },
};
export const ServerError: Story = {
  args: { state: 'serverError' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('No connection to the server.');
    await expect(canvas.getByLabelText(/New password/)).toBeEnabled();
  },
};
export const Submitting: Story = {
  args: { state: 'submitting' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Activate the account' })).toBeDisabled();
  },
};
export const Done: Story = { args: { state: 'done' } };
export const Invalid: Story = {
  args: { state: 'invalid' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('This invitation was not found');
    await expect(within(canvasElement).queryByLabelText(/New password/)).not.toBeInTheDocument();
  },
};
export const Failed: Story = { args: { state: 'failed' } };
