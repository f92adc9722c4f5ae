import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { passwordFormFixtures } from '../../machines/password-form/password-form.fixtures';
import { type PasswordFormMachine, passwordFormMachine } from '../../machines/password-form/password-form.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { PasswordCard } from './PasswordCard';

function Frame({ snapshot }: { snapshot: SnapshotFrom<PasswordFormMachine> }) {
  const passwordRef = useFrozenActor(passwordFormMachine, snapshot);
  return (
    <div className="mx-auto max-w-4xl p-6">
      <PasswordCard passwordRef={passwordRef} />
    </div>
  );
}

/** The change-password card over a frozen `passwordForm` actor in the chosen fixture state. */
function PasswordStory({ state }: { state: keyof typeof passwordFormFixtures }) {
  return <Frame key={state} snapshot={passwordFormFixtures[state]} />;
}

const meta = {
  title: 'Profile/Change password',
  component: PasswordStory,
  argTypes: { state: { control: 'select', options: Object.keys(passwordFormFixtures) } },
} satisfies Meta<typeof PasswordStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = { args: { state: 'editing' } };
export const WithErrors: Story = { args: { state: 'withErrors' } };
export const Submitting: Story = { args: { state: 'submitting' } };
export const Done: Story = { args: { state: 'done' } };
