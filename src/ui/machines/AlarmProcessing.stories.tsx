import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { alarmProcessingFixtures } from '../../machines/alarm-processing/alarm-processing.fixtures';
import { alarmProcessingMachine } from '../../machines/alarm-processing/alarm-processing.machine';
import { AlarmProcessingView } from '../alarms/AlarmProcessingView';
import { showing } from '../storybook/machine-stories';
import { useFrozenActor } from '../storybook/use-frozen-actor';

/** The processing page of /devices/alarms/:id/edit over a frozen `alarmProcessing` actor. */
function AlarmProcessingStory({ state = 'review' }: { state?: keyof typeof alarmProcessingFixtures }) {
  const ref = useFrozenActor(alarmProcessingMachine, alarmProcessingFixtures[state]);
  return (
    <div className="p-6">
      <AlarmProcessingView processingRef={ref} />
    </div>
  );
}

/** Every state of the `alarmProcessing` machine: loading, load failed, review, processing, failed, processed, already processed. */
const meta = {
  title: 'Machines/Alarm processing',
  component: AlarmProcessingStory,
  parameters: { machine: 'alarm-processing' },
} satisfies Meta<typeof AlarmProcessingStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the alarm')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  name: 'loadFailed',
  ...showing('loadFailed'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};

export const Review: Story = {
  name: 'review',
  ...showing('review'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Smoke alarm on Entrance panel')).toBeInTheDocument();
    await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue(
      'Checked on site: burnt toast, ventilated',
    );
    await expect(page.getByRole('button', { name: 'Process' })).toBeEnabled();
  },
};

export const Processing: Story = {
  name: 'processing',
  ...showing('processing'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Processing…' })).toBeDisabled();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('alert')).toHaveTextContent('This alarm has already been processed');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Processed: Story = {
  name: 'processed',
  ...showing('processed'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('status')).toHaveTextContent('The alarm is processed.');
    await expect(page.queryByRole('button', { name: 'Process' })).not.toBeInTheDocument();
  },
};

export const AlreadyProcessed: Story = {
  name: 'alreadyProcessed',
  ...showing('alreadyProcessed'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('status')).toHaveTextContent('already processed');
    await expect(page.getByText('Administrator, ', { exact: false })).toBeInTheDocument();
  },
};
