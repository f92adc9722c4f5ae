import type { Meta, StoryObj } from '@storybook/react-vite';
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
export const WithErrors: Story = { args: { state: 'withErrors' } };
export const ServerError: Story = { args: { state: 'serverError' } };
export const Submitting: Story = { args: { state: 'submitting' } };
export const Done: Story = { args: { state: 'done' } };
export const Invalid: Story = { args: { state: 'invalid' } };
export const Failed: Story = { args: { state: 'failed' } };
