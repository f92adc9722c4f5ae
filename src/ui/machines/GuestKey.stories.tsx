import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { guestKeyFixtures } from '../../machines/guest-key/guest-key.fixtures';
import { GuestKeyFormStory, GuestPageStory } from '../guest-access/GuestAccess.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

type Fixture = keyof typeof guestKeyFixtures;

/** The grant page for grant states, the guest page (375 px) for the others. */
function GuestKeyStory({ state = 'choosing' }: { state?: Fixture }) {
  return state.startsWith('grant') || ['choosing', 'granting', 'granted'].includes(state) ? (
    <GuestKeyFormStory state={state} />
  ) : (
    <GuestPageStory state={state} />
  );
}

/**
 * Every state of the `guestKey` machine (guest access): the grant flow (loading a key, choosing,
 * granting, granted with the guest access URL dialog) and the guest page (loading, doors, opening,
 * opened, each guest error).
 */
const meta = {
  title: 'Machines/Guest key',
  component: GuestKeyStory,
  parameters: { machine: 'guest-key' },
} satisfies Meta<typeof GuestKeyStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const alertSays =
  (text: string | RegExp) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(text);
  };

export const GrantLoading: Story = {
  name: 'grant.loading',
  ...showing('grantLoading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the key…')).toBeInTheDocument();
  },
};

export const GrantLoadFailed: Story = {
  name: 'grant.loadFailed',
  ...showing('grantLoadFailed'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The key could not be loaded')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /try again|retry/i })).toBeEnabled();
  },
};

export const Choosing: Story = {
  name: 'grant.choosing',
  ...showing('choosing'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Grant a guest key' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Guest')).toHaveValue('Plumber');
    await expect(canvas.getByText('Residents — Building A')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Grant the key' })).toBeEnabled();
  },
};

export const Granting: Story = {
  name: 'grant.granting',
  ...showing('granting'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Grant the key' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByLabelText('Guest')).toBeDisabled();
  },
};

export const Granted: Story = {
  name: 'grant.granted',
  ...showing('granted'),
  play: async ({ canvasElement }) => {
    const dialog = within(await pageOf(canvasElement).findByRole('dialog', { name: 'Guest access link' }));
    await expect((dialog.getByLabelText('Link') as HTMLTextAreaElement).value).toMatch(
      /\/guest-access\/Q2hhbmdlLXRoaXMta2V5$/,
    );
    await expect(dialog.getByRole('img', { name: 'QR code of the guest access link' })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Grant another' })).toBeEnabled();
  },
};

export const PageLoading: Story = {
  name: 'guest.loading',
  ...showing('pageLoading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Checking your key…')).toBeInTheDocument();
  },
};

export const PageLoadFailed: Story = {
  name: 'guest.loadFailed',
  ...showing('pageLoadFailed'),
  play: async ({ canvasElement }) => {
    await alertSays('Your key could not be checked')({ canvasElement });
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const Doors: Story = {
  name: 'guest.doors',
  ...showing('doors'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Open Entrance panel' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: /^Open Bike room controller/ })).toHaveTextContent('offline');
    await expect(canvas.getByText('3 passes left')).toBeInTheDocument();
    await expect(canvas.getByText('Ring 101 when you arrive')).toBeInTheDocument();
  },
};

export const Opening: Story = {
  name: 'guest.opening',
  ...showing('opening'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /^Open Main door controller/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Open Entrance panel' })).toBeDisabled();
  },
};

export const Opened: Story = {
  name: 'guest.opened',
  ...showing('opened'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Main door controller is open. Go ahead.');
    await expect(canvas.getByText('2 passes left')).toBeInTheDocument();
  },
};

export const DoorFailed: Story = {
  name: 'guest.doorFailed',
  ...showing('doorFailed'),
  play: async ({ canvasElement }) => {
    await alertSays('Entrance panel did not answer')({ canvasElement });
    await expect(within(canvasElement).getByRole('button', { name: 'Open Main door controller' })).toBeEnabled();
  },
};

export const Invalid: Story = {
  name: 'guest.invalid',
  ...showing('invalid'),
  play: alertSays('This key is not valid'),
};

export const Expired: Story = {
  name: 'guest.expired',
  ...showing('expired'),
  play: alertSays('This key has expired.'),
};

export const PassLimitReached: Story = {
  name: 'guest.passLimitReached',
  ...showing('passLimitReached'),
  play: alertSays('Every pass of this key has been used.'),
};

export const NotYetValid: Story = {
  name: 'guest.notYetValid',
  ...showing('notYetValid'),
  play: async ({ canvasElement }) => {
    await alertSays('This key is not valid yet.')({ canvasElement });
    await expect(within(canvasElement).getByRole('button', { name: 'Check again' })).toBeEnabled();
  },
};
