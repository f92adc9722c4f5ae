import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SchedulesListStory } from '../schedules/Schedules.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `projectDays` machine: the project's calendar of holidays and worked days on /schedules. */
const meta = {
  title: 'Machines/Project days',
  component: SchedulesListStory,
  parameters: { machine: 'project-days' },
} satisfies Meta<typeof SchedulesListStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const calendar = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: 'Project calendar' }));

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    const box = await calendar(canvasElement);
    await expect(box.getByRole('status')).toHaveTextContent('Loading…');
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const box = await calendar(canvasElement);
    await expect(box.getByRole('alert')).toHaveTextContent('The calendar could not be loaded');
    await expect(box.getByRole('button', { name: /try again|retry/i })).toBeEnabled();
  },
};

export const Ready: Story = {
  name: 'ready',
  ...showing('ready'),
  play: async ({ canvasElement }) => {
    const box = await calendar(canvasElement);
    const table = within(box.getByRole('table', { name: 'Project calendar' }));
    await expect(table.getByRole('row', { name: /Christmas Day/ })).toHaveTextContent('Holiday');
    await expect(table.getByRole('row', { name: /Working Saturday/ })).toHaveTextContent('Working day');
    await expect(box.getByLabelText('Date')).toHaveValue('2026-05-01');
    await expect(box.getByRole('button', { name: 'Mark the date' })).toBeEnabled();
  },
};

export const Saving: Story = {
  name: 'saving',
  ...showing('saving'),
  play: async ({ canvasElement }) => {
    const box = await calendar(canvasElement);
    await expect(box.getByRole('button', { name: 'Mark the date' })).toHaveAttribute('aria-busy', 'true');
    await expect(box.getByLabelText('Name')).toBeDisabled();
  },
};

export const Removing: Story = {
  name: 'removing',
  ...showing('removing'),
  play: async ({ canvasElement }) => {
    const box = await calendar(canvasElement);
    await expect(box.getByRole('button', { name: 'Remove May 9, 2026' })).toHaveAttribute('aria-busy', 'true');
    await expect(box.getByRole('button', { name: 'Remove Jan 1, 2026' })).toBeDisabled();
  },
};
