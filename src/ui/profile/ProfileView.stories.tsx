import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { profileFormFixtures } from '../../machines/profile-form/profile-form.fixtures';
import { type ProfileFormMachine, profileFormMachine } from '../../machines/profile-form/profile-form.machine';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { ProfileView } from './ProfileView';

function Frame({ snapshot }: { snapshot: SnapshotFrom<ProfileFormMachine> }) {
  const profileRef = useFrozenActor(profileFormMachine, snapshot);
  return (
    <div className="mx-auto max-w-4xl p-6">
      <ProfileView profileRef={profileRef} />
    </div>
  );
}

/** The profile form over a frozen `profileForm` actor in the chosen fixture state. */
function ProfileStory({ state }: { state: keyof typeof profileFormFixtures }) {
  return <Frame key={state} snapshot={profileFormFixtures[state]} />;
}

const meta = {
  title: 'Profile/Profile form',
  component: ProfileStory,
  argTypes: { state: { control: 'select', options: Object.keys(profileFormFixtures) } },
  parameters: {
    gatehouse: { route: { path: '/profile', entry: '/profile' } } satisfies GatehouseParameters,
  },
} satisfies Meta<typeof ProfileStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {
  args: { state: 'editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('E-mail')).toHaveValue('admin@riverside.example');
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};
export const Dirty: Story = {
  args: { state: 'dirty' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Save' })).toBeEnabled();
  },
};
export const WithFieldErrors: Story = {
  args: { state: 'withFieldErrors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('E-mail')).toHaveAccessibleDescription('Must be an e-mail');
    await expect(canvas.getByLabelText('Phone')).toHaveAccessibleDescription(/international format/);
  },
};
export const Saving: Story = {
  args: { state: 'saving' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Save' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
