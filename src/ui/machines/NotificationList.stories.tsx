import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PageStories from '../notifications/NotificationsPage.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `notificationList` machine, on /notifications. */
const meta = {
  title: 'Machines/Notification list',
  component: PageStories.component,
  parameters: { ...PageStories.parameters, machine: 'notification-list' },
} satisfies Meta<typeof PageStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading notifications…');
  },
};

export const Ready: Story = {
  name: 'ready',
  ...showing('ready'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('6 of 26')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Load more' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
  },
};

export const LoadingMore: Story = {
  name: 'loadingMore',
  ...showing('loadingMore'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Load more' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const MarkingAll: Story = {
  name: 'markingAll',
  ...showing('markingAll'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Mark all read' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const failure = await within(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('Notifications could not be loaded');
    await expect(failure).toHaveTextContent('Internal server error');
  },
};
