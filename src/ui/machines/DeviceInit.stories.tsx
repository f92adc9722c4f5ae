import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { deviceInitFixtures } from '../../machines/device-init/device-init.fixtures';
import { deviceInitMachine } from '../../machines/device-init/device-init.machine';
import { DeviceInitDialogView } from '../device-tasks/DeviceInitDialogView';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';

/** The init dialog over a frozen `deviceInit` actor. */
function InitStory({ state }: { state: keyof typeof deviceInitFixtures }) {
  const initRef = useFrozenActor(deviceInitMachine, deviceInitFixtures[state]);
  return <DeviceInitDialogView initRef={initRef} onClose={() => {}} />;
}

/** Every state of `deviceInit` (§2.5 device init): check, ask, send, follow, cancel, done, failed. */
const meta = {
  title: 'Machines/Device init',
  component: InitStory,
  parameters: { machine: 'device-init' },
} satisfies Meta<typeof InitStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  pageOf(canvasElement).findByRole('dialog', { name: 'Initialise Entrance panel' });

export const Checking: Story = {
  name: 'checking',
  ...showing('checking'),
  play: async ({ canvasElement }) => {
    await expect(await dialog(canvasElement)).toHaveTextContent('Checking the device…');
  },
};

export const Refused: Story = {
  name: 'refused',
  ...showing('refused'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('alert')).toHaveTextContent("The device's protocol is none");
    await expect(within(d).queryByRole('button', { name: 'Initialise' })).not.toBeInTheDocument();
  },
};

export const Confirming: Story = {
  name: 'confirming',
  ...showing('confirming'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(d).toHaveTextContent('The device is online.');
    await expect(within(d).getByRole('button', { name: 'Initialise' })).toBeEnabled();
  },
};

export const Sending: Story = {
  name: 'sending',
  ...showing('sending'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('button', { name: 'Initialise' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const FollowingWatching: Story = {
  name: 'following.watching',
  ...showing('followingWatching'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('progressbar', { name: '1 of 4 tasks completed' })).toBeInTheDocument();
    const list = within(d).getByRole('list', { name: 'Device tasks' });
    await expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(/Apply settings.*Started/);
    await expect(d).toHaveTextContent('Cancel deletes the 2 tasks not sent yet');
    await expect(within(d).getByRole('button', { name: 'Cancel pending tasks' })).toBeEnabled();
  },
};

export const FollowingReading: Story = {
  name: 'following.reading',
  ...showing('followingReading'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(d).toHaveTextContent("Following the device's tasks live.");
  },
};

export const Cancelling: Story = {
  name: 'cancelling',
  ...showing('cancelling'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('button', { name: 'Cancel pending tasks' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Cancelled: Story = {
  name: 'cancelled',
  ...showing('cancelled'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(d).toHaveTextContent('Stopped following. 2 pending tasks were deleted.');
  },
};

export const Done: Story = {
  name: 'done',
  ...showing('done'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('status')).toHaveTextContent('Every task completed');
    await expect(within(d).getByRole('progressbar', { name: '4 of 4 tasks completed' })).toBeInTheDocument();
    await expect(within(d).getByRole('link', { name: 'Open device tasks' })).toHaveAttribute('href', '/devices/tasks');
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('alert')).toHaveTextContent(
      "Apply settings failed: a relay number is out of the device's range",
    );
    await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
