import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PickerStories from '../entities/PickerDialog.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the `picker` machine (2.5), shown in a form field with its dialog. */
const meta = {
  title: 'Machines/Picker',
  component: PickerStories.component,
  parameters: { machine: 'picker' },
} satisfies Meta<typeof PickerStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const chips = (canvasElement: HTMLElement) => within(canvasElement).getByRole('group', { name: 'Users' });

export const OpenLoading: Story = {
  name: 'open.loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Choose users' });
    await expect(within(dialog).getByText('Loading…')).toBeInTheDocument();
    await expect(within(dialog).queryByRole('list', { name: 'Choose users' })).not.toBeInTheDocument();
  },
};

export const OpenReady: Story = {
  name: 'open.ready',
  ...showing('ready'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Choose users' });
    await expect(within(dialog).getAllByRole('checkbox')).toHaveLength(4);
    await expect(within(dialog).getByRole('checkbox', { name: /Sam Staff/ })).toBeChecked();
    await expect(within(dialog).getByText('Chosen: 1')).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Load more' })).toBeEnabled();
  },
};

export const OpenLoadingMore: Story = {
  name: 'open.loadingMore',
  ...showing('loadingMore'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Choose users' });
    await expect(within(dialog).getByRole('button', { name: 'Load more' })).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getAllByRole('checkbox')).toHaveLength(4);
  },
};

export const OpenFailed: Story = {
  name: 'open.failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const failure = await pageOf(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('The choices could not be loaded');
    await expect(failure).toHaveTextContent('Internal server error');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Confirmed: Story = {
  name: 'confirmed',
  ...showing('confirmed'),
  play: async ({ canvasElement }) => {
    await expect(pageOf(canvasElement).queryByRole('dialog')).not.toBeInTheDocument();
    const field = chips(canvasElement);
    await expect(within(field).getByText('Sam Staff')).toBeInTheDocument();
    await expect(within(field).getByText('Rita Resident')).toBeInTheDocument();
  },
};

export const Cancelled: Story = {
  name: 'cancelled',
  ...showing('cancelled'),
  play: async ({ canvasElement }) => {
    await expect(pageOf(canvasElement).queryByRole('dialog')).not.toBeInTheDocument();
    const field = chips(canvasElement);
    await expect(within(field).getByText('Sam Staff')).toBeInTheDocument();
    await expect(within(field).queryByText('Chris Concierge')).not.toBeInTheDocument();
  },
};
