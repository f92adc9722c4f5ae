import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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

export const Editing: Story = {
  args: { state: 'editing' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('Current password')).toHaveValue('');
  },
};
export const WithErrors: Story = {
  args: { state: 'withErrors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('New password')).toHaveAccessibleDescription('Min length 8 chars');
    await expect(canvas.getByLabelText('Repeat new password')).toHaveAccessibleDescription('Fields do not match');
  },
};
export const Submitting: Story = {
  args: { state: 'submitting' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Change password' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
export const Done: Story = {
  args: { state: 'done' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Your password has been changed.');
  },
};
