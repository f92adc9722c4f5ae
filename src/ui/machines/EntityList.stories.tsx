import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ListStories from '../entities/EntityListView.stories';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** Every state of the generic `entityList` machine, on a sample list of people. */
const meta = {
  title: 'Machines/Entity list',
  component: ListStories.component,
  parameters: { machine: 'entity-list' },
} satisfies Meta<typeof ListStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BrowsingLoading: Story = {
  name: 'browsing.loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the list…');
    await expect(within(canvasElement).queryByRole('table')).not.toBeInTheDocument();
  },
};

export const BrowsingReady: Story = {
  name: 'browsing.ready',
  ...showing('ready'),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'People' });
    await expect(within(table).getByRole('row', { name: /Rita Resident/ })).toBeInTheDocument();
    await expect(within(canvasElement).getByText('4 of 24')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Load more' })).toBeEnabled();
  },
};

export const BrowsingLoadingMore: Story = {
  name: 'browsing.loadingMore',
  ...showing('loadingMore'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Load more' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(within(canvasElement).getByRole('table', { name: 'People' })).toBeInTheDocument();
  },
};

export const BrowsingFailed: Story = {
  name: 'browsing.failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const failure = await within(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('The list could not be loaded');
    await expect(failure).toHaveTextContent('Internal server error');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const ConfirmingDelete: Story = {
  name: 'confirmingDelete',
  ...showing('confirmingDelete'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Confirm deletion' });
    await expect(dialog).toHaveTextContent('2 people will be deleted.');
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  },
};

export const Deleting: Story = {
  name: 'deleting',
  ...showing('deleting'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Confirm deletion' });
    await expect(dialog).toHaveTextContent('24 people will be deleted.');
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
  },
};
