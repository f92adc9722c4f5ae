import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { GroupTreeStory } from '../groups/GroupTree.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `groupTree` machine, in the groups tree grid of /groups. */
const meta = {
  title: 'Machines/Group tree',
  component: GroupTreeStory,
  parameters: { machine: 'group-tree' },
} satisfies Meta<typeof GroupTreeStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const grid = (canvasElement: HTMLElement) => within(canvasElement).findByRole('treegrid', { name: 'Groups' });
const levels = async (canvasElement: HTMLElement) =>
  within(await grid(canvasElement))
    .getAllByRole('row')
    .slice(1)
    .map((r) => `${r.getAttribute('aria-level')} ${r.querySelector('td')?.textContent}`);

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading');
    await expect(within(canvasElement).queryByRole('treegrid')).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const Idle: Story = {
  name: 'ready.idle',
  ...showing('idle'),
  play: async ({ canvasElement }) => {
    await expect(await levels(canvasElement)).toEqual([
      '1 Riverside Residence',
      '2 Building A',
      '3 Unit 101',
      '3 Unit 102',
      '2 Building B',
    ]);
    const rows = within(await grid(canvasElement)).getAllByRole('row');
    await expect(rows[1]).toHaveAttribute('aria-expanded', 'true');
    await expect(rows[5]).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Fetching: Story = {
  name: 'ready.fetching',
  ...showing('fetching'),
  play: async ({ canvasElement }) => {
    const rows = within(await grid(canvasElement)).getAllByRole('row');
    await expect(rows[5]).toHaveAttribute('aria-busy', 'true');
    await expect(within(rows[5] as HTMLElement).getByRole('status')).toHaveTextContent('Loading subgroups');
  },
};

export const Searching: Story = {
  name: 'ready.searching',
  ...showing('searching'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('searchbox')).toHaveValue('102');
    await expect(within(canvasElement).getAllByRole('status').length).toBeGreaterThan(0);
  },
};

export const ExpandingAll: Story = {
  name: 'ready.expandingAll',
  ...showing('expandingAll'),
  play: async ({ canvasElement }) => {
    await grid(canvasElement);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading');
  },
};

export const Refreshing: Story = {
  name: 'ready.refreshing',
  ...showing('refreshing'),
  play: async ({ canvasElement }) => {
    await expect(await levels(canvasElement)).toHaveLength(5);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading');
  },
};
