import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { guestKeyFixtures } from '../../machines/guest-key/guest-key.fixtures';
import { guestKeyMachine } from '../../machines/guest-key/guest-key.machine';
import { frozenPicker } from '../entities/story-support';
import { describeAccessRule } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { GuestKeyFormView } from './GuestKeyFormView';
import { GuestKeysView } from './GuestKeysView';
import { GuestPageView } from './GuestPageView';
import { guestAccessFixtures } from './guest-access.fixtures';

const noop = () => {};
const now = () => '2026-05-01T08:00:00.000Z';

/** The grant page over a frozen `guestKey` actor in one of its grant fixtures. */
export function GuestKeyFormStory({ state = 'choosing' }: { state?: keyof typeof guestKeyFixtures }) {
  const keyRef = useFrozenActor(guestKeyMachine, guestKeyFixtures[state]);
  return (
    <div className="p-6">
      <GuestKeyFormView
        keyRef={keyRef}
        rules={frozenPicker(describeAccessRule)}
        onCancel={noop}
        onWallet={noop}
        now={now}
      />
    </div>
  );
}

/** The public guest page, as wide as a phone (375 px). */
export function GuestPageStory({ state = 'doors' }: { state?: keyof typeof guestKeyFixtures }) {
  const keyRef = useFrozenActor(guestKeyMachine, guestKeyFixtures[state]);
  return (
    <div className="w-[375px] p-3">
      <GuestPageView keyRef={keyRef} />
    </div>
  );
}

function KeysList() {
  const listRef = useFrozenActor(entityListMachine, guestAccessFixtures.list.ready);
  return (
    <div className="p-6">
      <GuestKeysView
        listRef={listRef}
        filters={[]}
        can={{ create: true, delete: true, revoke: true, wallet: true }}
        onAdd={noop}
        onOpen={noop}
        onAction={noop}
      />
    </div>
  );
}

/** Guest access: the keys list, a grant refused by the group's limits, the guest page on a phone. */
function GuestAccessStory({ view }: { view: 'list' | 'refused' | 'phone' }) {
  if (view === 'list') return <KeysList />;
  if (view === 'refused') return <GuestKeyFormStory state="choosingRefused" />;
  return <GuestPageStory state="doors" />;
}

const meta = {
  title: 'Access management/Guest access',
  component: GuestAccessStory,
  parameters: { gatehouse: { route: { path: '/guest-access/*', entry: '/guest-access' } } },
  // The frames are shown by the Machines section, not as stories of their own.
  excludeStories: ['GuestKeyFormStory', 'GuestPageStory'],
} satisfies Meta<typeof GuestAccessStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Keys: Story = {
  args: { view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    await expect(within(table).getByText('Plumber')).toBeInTheDocument();
    await expect(within(table).getByText('1 of 4 used')).toBeInTheDocument();
    await expect(within(table).getByText('no passes left')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Show the link of Plumber' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Revoke Courier' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Grant a guest key' })).toBeEnabled();
  },
};

export const RefusedByLimits: Story = {
  args: { view: 'refused' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Max pass count or period reached');
    await expect(canvas.getByLabelText('Passes')).toHaveAccessibleDescription("At most 10 passes (your group's limit)");
  },
};

export const GuestPageOnAPhone: Story = {
  args: { view: 'phone' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Key for Plumber' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Open Main door controller' })).toBeEnabled();
  },
};
