import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { deviceTasksFixtures } from '../../machines/device-tasks/device-tasks.fixtures';
import { deviceTasksMachine } from '../../machines/device-tasks/device-tasks.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { DeviceTasksView } from '../device-tasks/DeviceTasksView';
import { describeDevice } from '../device-tasks/describe-device';
import { deviceTasksPageFixtures } from '../device-tasks/device-tasks.fixtures';
import { frozenPicker } from '../entities/story-support';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';

const can = { restart: true, reinit: true, delete: true };
const devices = frozenPicker(describeDevice);

/** The tasks page with its confirmation over a frozen `deviceTasks` actor. */
function TasksStory({ state }: { state: keyof typeof deviceTasksFixtures }) {
  const listRef = useFrozenActor(entityListMachine, deviceTasksPageFixtures.ready);
  const tasksRef = useFrozenActor(deviceTasksMachine, deviceTasksFixtures[state]);
  return (
    <div className="p-6">
      <DeviceTasksView listRef={listRef} tasksRef={tasksRef} devices={devices} can={can} />
    </div>
  );
}

/** Every state of `deviceTasks` (/devices/tasks actions): nothing asked, the confirmation, the call running. */
const meta = {
  title: 'Machines/Device tasks',
  component: TasksStory,
  parameters: { machine: 'device-tasks', gatehouse: { route: { path: '/devices/tasks', entry: '/devices/tasks' } } },
} satisfies Meta<typeof TasksStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  name: 'idle',
  ...showing('idle'),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Device tasks' });
    await expect(within(table).getByRole('button', { name: 'Restart task 9' })).toBeEnabled();
    await expect(within(table).queryByRole('button', { name: 'Restart task 12' })).not.toBeInTheDocument();
    await expect(pageOf(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

export const Confirming: Story = {
  name: 'confirming',
  ...showing('confirming'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Delete tasks' });
    await expect(dialog).toHaveTextContent('Delete task 12?');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

export const Running: Story = {
  name: 'running',
  ...showing('running'),
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Reinit device' });
    await expect(dialog).toHaveTextContent('Initialise Entrance panel again?');
    await expect(within(dialog).getByRole('button', { name: 'Reinit' })).toHaveAttribute('aria-busy', 'true');
  },
};
