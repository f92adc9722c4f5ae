import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ScheduleFormStory } from '../schedules/Schedules.stories';
import { showing } from '../storybook/machine-stories';

/** Every state of the `schedulePreview` machine: the schedule editor's next occurrences as it is edited. */
const meta = {
  title: 'Machines/Schedule preview',
  component: ScheduleFormStory,
  parameters: { machine: 'schedule-preview' },
} satisfies Meta<typeof ScheduleFormStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const preview = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: 'Next occurrences' }));

export const Incomplete: Story = {
  name: 'incomplete',
  ...showing('incomplete'),
  play: async ({ canvasElement }) => {
    const box = await preview(canvasElement);
    await expect(box.getByText('Fill in the schedule to see when it occurs.')).toBeInTheDocument();
    await expect(box.queryByRole('list')).not.toBeInTheDocument();
  },
};

export const Waiting: Story = {
  name: 'waiting',
  ...showing('waiting'),
  play: async ({ canvasElement }) => {
    const box = await preview(canvasElement);
    // The last answer stays, dimmed, until the change is previewed.
    await expect(box.getByRole('status')).toHaveTextContent('Updating…');
    await expect(box.getAllByRole('listitem')).toHaveLength(6);
  },
};

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    const box = await preview(canvasElement);
    await expect(box.getByRole('status')).toHaveTextContent('Updating…');
    await expect(box.getByRole('list', { name: 'Next occurrences' })).toHaveClass('opacity-50');
  },
};

export const Shown: Story = {
  name: 'shown',
  ...showing('shown'),
  play: async ({ canvasElement }) => {
    const box = await preview(canvasElement);
    const items = box.getAllByRole('listitem');
    await expect(items).toHaveLength(6);
    // Europe/Berlin, in winter time: 07:00Z is 8:00.
    await expect(items[0]).toHaveTextContent(/Tue, Mar 10, 2026\s*8:00\sAM – 8:00\sPM/);
    await expect(box.getByText('Times in Europe/Berlin')).toBeInTheDocument();
    await expect(box.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  name: 'empty',
  ...showing('empty'),
  play: async ({ canvasElement }) => {
    const box = await preview(canvasElement);
    await expect(box.getByText('This schedule does not occur again.')).toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const box = await preview(canvasElement);
    await expect(box.getByRole('alert')).toHaveTextContent('The occurrences could not be loaded');
    await expect(box.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};
