import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AccessMatrixStory } from '../access-matrix/AccessMatrix.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `accessMatrix` machine (7.5): the first page, pages as the grid scrolls, their failures. */
const meta = {
  title: 'Machines/Access matrix',
  component: AccessMatrixStory,
  parameters: { machine: 'access-matrix' },
} satisfies Meta<typeof AccessMatrixStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading…');
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The access matrix could not be loaded');
    await expect(canvas.getByRole('button', { name: /try again|retry/i })).toBeEnabled();
  },
};

export const Ready: Story = {
  name: 'ready',
  ...showing('ready'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = within(await canvas.findByRole('table', { name: 'Access matrix' }));
    await expect(grid.getByRole('columnheader', { name: /Bike room/ })).toBeInTheDocument();
    await expect(grid.getByRole('rowheader', { name: /Anna Berg/ })).toBeInTheDocument();
    await expect(grid.getByRole('button', { name: 'Anna Berg, Main door #1: Always' })).toBeInTheDocument();
    await expect(
      grid.getByRole('button', { name: 'Cleaner One, Main door #2: Cleaning (Tue/Thu mornings)' }),
    ).toBeInTheDocument();
    await expect(
      grid.getByRole('button', { name: 'Rita Resident, Main door #1: Always · Prohibited' }),
    ).toBeInTheDocument();
    await expect(grid.getByRole('rowheader', { name: /Tom Tenant/ })).toHaveTextContent('no identifiers');
    await expect(canvas.getByText('4 of 9 users · 3 doors')).toBeInTheDocument();
  },
};

export const LoadingMore: Story = {
  name: 'loadingMore',
  ...showing('loadingMore'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Access matrix' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading more users…');
  },
};

export const MoreFailed: Story = {
  name: 'moreFailed',
  ...showing('moreFailed'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Access matrix' })).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent('More users could not be loaded');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
