import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { remoteControlFixtures } from '../../machines/remote-control/remote-control.fixtures';
import { remoteControlMachine } from '../../machines/remote-control/remote-control.machine';
import { RemoteControlDialogView } from '../remote-control/RemoteControlDialog';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';

/** The remote control dialog a device page opens, over a frozen `remoteControl` actor. */
function RemoteStory({ state }: { state: keyof typeof remoteControlFixtures }) {
  const remoteRef = useFrozenActor(remoteControlMachine, remoteControlFixtures[state]);
  return <RemoteControlDialogView remoteRef={remoteRef} onClose={() => {}} />;
}

/** Every state of `remoteControl` (7.4, §5, 8.3). */
const meta = {
  title: 'Machines/Remote control',
  component: RemoteStory,
  parameters: { machine: 'remote-control' },
} satisfies Meta<typeof RemoteStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => pageOf(canvasElement).findByRole('dialog', { name: 'Remote control' });

export const Opening: Story = {
  name: 'opening',
  ...showing('opening'),
  play: async ({ canvasElement }) => {
    await expect(await dialog(canvasElement)).toHaveTextContent('Connecting to the device…');
  },
};

export const Resuming: Story = {
  name: 'resuming',
  ...showing('resuming'),
  play: async ({ canvasElement }) => {
    await expect(await dialog(canvasElement)).toHaveTextContent('Connecting to the device…');
  },
};

export const Active: Story = {
  name: 'active',
  ...showing('active'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(d).toHaveTextContent('Screen: idle');
    await expect(within(d).getByRole('button', { name: 'Open relay 1' })).toBeEnabled();
    await expect(within(d).getByRole('button', { name: 'Press call button 4' })).toBeEnabled();
  },
};

export const Commanding: Story = {
  name: 'commanding',
  ...showing('commanding'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('button', { name: 'Open relay 1' })).toHaveAttribute('aria-busy', 'true');
    await expect(within(d).getByRole('button', { name: 'Reboot' })).toBeDisabled();
  },
};

export const Closing: Story = {
  name: 'closing',
  ...showing('closing'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(within(d).getByRole('button', { name: 'End the session' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Closed: Story = {
  name: 'closed',
  ...showing('closed'),
  play: async ({ canvasElement }) => {
    await expect(await dialog(canvasElement)).toHaveTextContent('The session has ended.');
  },
};

export const Expired: Story = {
  name: 'expired',
  ...showing('expired'),
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(d).toHaveTextContent('The session expired after a minute without a command.');
    await expect(within(d).getByRole('button', { name: 'Connect again' })).toBeEnabled();
  },
};

export const Refused: Story = {
  name: 'refused',
  ...showing('refused'),
  play: async ({ canvasElement }) => {
    const d = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Remote control is not available' });
    await expect(d).toHaveTextContent('The device is offline.');
    await expect(
      within(d)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    await expect(await dialog(canvasElement)).toHaveTextContent('The remote control session could not be opened.');
  },
};
