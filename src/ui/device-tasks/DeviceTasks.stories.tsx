import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { deviceInitFixtures } from '../../machines/device-init/device-init.fixtures';
import { deviceInitMachine } from '../../machines/device-init/device-init.machine';
import { deviceTasksFixtures } from '../../machines/device-tasks/device-tasks.fixtures';
import { deviceTasksMachine } from '../../machines/device-tasks/device-tasks.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { DeviceInitDialogView } from './DeviceInitDialogView';
import { DeviceSyncBadge } from './DeviceSyncBadge';
import { DeviceTasksView } from './DeviceTasksView';
import { describeDevice } from './describe-device';
import { deviceTasksPageFixtures } from './device-tasks.fixtures';

const devices = frozenPicker(describeDevice);
const all = { restart: true, reinit: true, delete: true };
const none = { restart: false, reinit: false, delete: false };

type Scene =
  | {
      kind: 'list';
      list: keyof typeof deviceTasksPageFixtures;
      tasks?: keyof typeof deviceTasksFixtures;
      readOnly?: boolean;
    }
  | { kind: 'init'; init: keyof typeof deviceInitFixtures }
  | { kind: 'badges' };

function ListScene({ scene }: { scene: Extract<Scene, { kind: 'list' }> }) {
  const listRef = useFrozenActor(entityListMachine, deviceTasksPageFixtures[scene.list]);
  const tasksRef = useFrozenActor(deviceTasksMachine, deviceTasksFixtures[scene.tasks ?? 'idle']);
  return <DeviceTasksView listRef={listRef} tasksRef={tasksRef} devices={devices} can={scene.readOnly ? none : all} />;
}

function InitScene({ state }: { state: keyof typeof deviceInitFixtures }) {
  const initRef = useFrozenActor(deviceInitMachine, deviceInitFixtures[state]);
  return <DeviceInitDialogView initRef={initRef} onClose={() => {}} />;
}

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const BADGES = [
  { name: 'Entrance panel', sync: { pending_tasks: 3, failed_tasks: 0, settings_differ: true, converged_at: null } },
  { name: 'Garage gate', sync: { pending_tasks: 0, failed_tasks: 1, settings_differ: false, converged_at: at(-600) } },
  { name: 'Lift A', sync: { pending_tasks: 0, failed_tasks: 0, settings_differ: false, converged_at: at(-30) } },
  { name: 'Camera', sync: { pending_tasks: 0, failed_tasks: 0, settings_differ: false, converged_at: null } },
  // Never synced: its stored settings differ by definition, and the badge says "never synced".
  { name: 'New gate', sync: { pending_tasks: 0, failed_tasks: 0, settings_differ: true, converged_at: null } },
  { name: 'Side door', sync: { pending_tasks: 0, failed_tasks: 0, settings_differ: true, converged_at: at(-900) } },
  { name: 'Old device', sync: undefined },
];

/** The tasks page, the init dialog's variants and the sync badge, over frozen actors. */
function DeviceTasksScreen({ scene }: { scene: Scene }) {
  if (scene.kind === 'init') return <InitScene state={scene.init} />;
  if (scene.kind === 'badges')
    return (
      <ul className="space-y-2 p-6">
        {BADGES.map((b) => (
          <li key={b.name} className="flex items-center gap-3">
            <span className="w-32 text-sm">{b.name}</span>
            <DeviceSyncBadge sync={b.sync} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="p-6">
      <ListScene scene={scene} />
    </div>
  );
}

const meta = {
  title: 'Devices/Device tasks',
  component: DeviceTasksScreen,
  parameters: { gatehouse: { route: { path: '/devices/tasks', entry: '/devices/tasks' } } },
} satisfies Meta<typeof DeviceTasksScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoTasks: Story = {
  args: { scene: { kind: 'list', list: 'empty' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No device tasks')).toBeInTheDocument();
  },
};

export const ReadOnly: Story = {
  args: { scene: { kind: 'list', list: 'ready', readOnly: true } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Device tasks' });
    await expect(within(table).queryByRole('button', { name: 'Restart task 9' })).not.toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('button', { name: 'Restart failed' })).not.toBeInTheDocument();
    await expect(table).toHaveTextContent("a relay number is out of the device's range");
  },
};

export const RestartAllFailed: Story = {
  args: { scene: { kind: 'list', list: 'ready', tasks: 'confirmingRestartAll' } },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Restart failed tasks' });
    await expect(within(dialog).getByRole('button', { name: 'Restart' })).toBeEnabled();
  },
};

export const RestartOne: Story = {
  args: { scene: { kind: 'list', list: 'ready', tasks: 'confirmingRestart' } },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Restart tasks' });
    await expect(dialog).toHaveTextContent('Queue task 12 again, with its attempts reset?');
  },
};

export const ReinitConfirm: Story = {
  args: { scene: { kind: 'list', list: 'ready', tasks: 'confirmingReinit' } },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Reinit device' });
    await expect(within(dialog).getByRole('button', { name: 'Reinit' })).toBeEnabled();
  },
};

export const InitOfflineDevice: Story = {
  args: { scene: { kind: 'init', init: 'confirmingOffline' } },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Initialise Entrance panel' });
    await expect(dialog).toHaveTextContent('The device is offline: its tasks will wait until it comes back.');
  },
};

export const ApplySettings: Story = {
  args: { scene: { kind: 'init', init: 'confirmingSettings' } },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Apply settings to Entrance panel' });
    await expect(within(dialog).getByRole('button', { name: 'Apply settings' })).toBeEnabled();
  },
};

export const WaitingForTheDevice: Story = {
  args: { scene: { kind: 'init', init: 'followingWaiting' } },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Initialise Entrance panel' });
    await expect(within(dialog).getAllByText('Waiting')).toHaveLength(4);
    await expect(dialog).toHaveTextContent('Cancel deletes the 4 tasks not sent yet');
  },
};

export const InitCallRefused: Story = {
  args: { scene: { kind: 'init', init: 'failedCall' } },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Initialise Entrance panel' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('The device is offline, cannot connect');
  },
};

export const SyncBadges: Story = {
  args: { scene: { kind: 'badges' } },
  play: async ({ canvasElement }) => {
    const row = (name: string) => within(canvasElement).getByText(name).closest('li') as HTMLElement;
    await expect(row('Entrance panel')).toHaveTextContent('Sync state:3 tasks pending');
    await expect(row('Entrance panel')).not.toHaveTextContent('Settings differ');
    await expect(row('Garage gate')).toHaveTextContent('Sync state:1 task failed');
    await expect(row('Lift A')).toHaveTextContent('Sync state:In sync');
    await expect(row('Camera')).toHaveTextContent('Sync state:Never synced');
    await expect(row('New gate')).toHaveTextContent('Sync state:Never synced');
    await expect(row('Side door')).toHaveTextContent('Sync state:Settings differ');
    await expect(row('Old device')).not.toHaveTextContent('Sync state');
  },
};
