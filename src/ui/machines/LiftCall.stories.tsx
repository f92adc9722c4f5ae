import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ElevatorsListStory } from '../elevators/Elevators.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `liftCall` machine (7.4 lift call): closed, floors loading or failed, choosing, calling, called, refused. */
const meta = {
  title: 'Machines/Lift call',
  component: ElevatorsListStory,
  parameters: { machine: 'lift-call' },
} satisfies Meta<typeof ElevatorsListStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => pageOf(canvasElement).findByRole('dialog', { name: 'Call Lift A' });

export const Closed: Story = {
  name: 'closed',
  ...showing('closed'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Call Lift A' })).toBeEnabled();
    await expect(pageOf(canvasElement).queryByRole('dialog')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    await expect(await dialog(canvasElement)).toHaveTextContent('Loading floors…');
  },
};

export const LoadFailed: Story = {
  name: 'loadFailed',
  ...showing('loadFailed'),
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement);
    await expect(box).toHaveTextContent('The floors could not be loaded');
    await expect(within(box).getByRole('button', { name: /try again|retry/i })).toBeEnabled();
  },
};

export const Editing: Story = {
  name: 'editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement));
    await expect(box.getByLabelText('Floor')).toHaveValue('2');
    await expect(box.getByLabelText('Apartment')).toBeEnabled();
    await expect(box.getByRole('button', { name: 'Call the lift' })).toBeEnabled();
  },
};

export const Calling: Story = {
  name: 'calling',
  ...showing('calling'),
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement));
    await expect(box.getByRole('button', { name: 'Call the lift' })).toHaveAttribute('aria-busy', 'true');
    await expect(box.getByLabelText('Floor')).toBeDisabled();
  },
};

export const Called: Story = {
  name: 'called',
  ...showing('called'),
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement));
    await expect(box.getByRole('status')).toHaveTextContent('Lift A is on its way.');
    await expect(box.getByRole('button', { name: 'Call again' })).toBeEnabled();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement));
    await expect(box.getByRole('alert')).toHaveTextContent('The device is offline, cannot connect');
    await expect(box.getByRole('button', { name: 'Call the lift' })).toBeEnabled();
  },
};
