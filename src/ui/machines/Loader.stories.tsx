import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import HomeStories from '../home/HomeView.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the generic read-only `loader` machine, as the dashboard's counts show it. */
const meta = {
  title: 'Machines/Loader',
  component: HomeStories.component,
  parameters: { machine: 'loader' },
} satisfies Meta<typeof HomeStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the summary…')).toBeInTheDocument();
  },
};

export const Loaded: Story = {
  name: 'loaded',
  ...showing('loaded'),
  play: async ({ canvasElement }) => {
    const counts = await within(canvasElement).findByRole('list', { name: 'Summary' });
    await expect(within(counts).getByRole('link', { name: /12\s*Users/ })).toHaveAttribute('href', '/users');
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const failure = await within(canvasElement).findByRole('alert');
    await expect(failure).toHaveTextContent('The summary could not be loaded');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
