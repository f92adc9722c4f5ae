import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { type LoaderMachine, loaderMachine } from '../../machines/loader/loader.machine';
import { systemActionFixtures } from '../../machines/system-action/system-action.fixtures';
import { systemActionMachine } from '../../machines/system-action/system-action.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { LogsPanel } from './LogsPanel';
import { LogTailView } from './LogTailView';
import type { SystemTab } from './SystemTabs';
import { SystemView } from './SystemView';
import { systemFixtures } from './system.fixtures';

const all = { workers: true, queues: true, metrics: true };
const none = { workers: false, queues: false, metrics: false };

/** One screen of the page: its tab, the tab loader's fixture, the action's fixture, what the user may do. */
interface Scene {
  tab: SystemTab;
  loader: SnapshotFrom<LoaderMachine>;
  action?: keyof typeof systemActionFixtures;
  can?: typeof all;
}

const SCENES = {
  info: { tab: 'info', loader: systemFixtures.info.loaded },
  infoLoading: { tab: 'info', loader: systemFixtures.info.loading },
  infoFailed: { tab: 'info', loader: systemFixtures.info.failed },
  logs: { tab: 'logs', loader: systemFixtures.logs.loaded },
  noLogs: { tab: 'logs', loader: systemFixtures.logs.empty },
  workers: { tab: 'workers', loader: systemFixtures.workers.loaded },
  workersReadOnly: { tab: 'workers', loader: systemFixtures.workers.loaded, can: none },
  queues: { tab: 'queues', loader: systemFixtures.queues.loaded },
  clearQueue: { tab: 'queues', loader: systemFixtures.queues.loaded, action: 'confirmingClear' },
  metrics: { tab: 'metrics', loader: systemFixtures.metrics.loaded },
  noMetrics: { tab: 'metrics', loader: systemFixtures.metrics.empty },
  resetMetrics: { tab: 'metrics', loader: systemFixtures.metrics.loaded, action: 'confirmingReset' },
} satisfies Record<string, Scene>;

function Tail({ name }: { name: string }) {
  const tailRef = useFrozenActor(loaderMachine, systemFixtures.tail.loaded);
  return <LogTailView tailRef={tailRef} name={name} />;
}

/** The page over frozen actors: heading, tabs, the tab's panel and the confirmation. */
function SystemScreen({ scene }: { scene: keyof typeof SCENES }) {
  const s: Scene = SCENES[scene];
  const loaderRef = useFrozenActor(loaderMachine, s.loader);
  const actionRef = useFrozenActor(systemActionMachine, systemActionFixtures[s.action ?? 'idle']);
  return (
    <div className="p-6">
      {s.tab === 'logs' ? (
        <LogsPanel filesRef={loaderRef} tail={(name) => <Tail name={name} />} />
      ) : (
        <SystemView tab={s.tab} loaderRef={loaderRef} actionRef={actionRef} can={s.can ?? all} />
      )}
    </div>
  );
}

const meta = {
  title: 'Settings/System',
  component: SystemScreen,
  parameters: { gatehouse: { route: { path: '/system-info', entry: '/system-info' } } },
} satisfies Meta<typeof SystemScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Information: Story = {
  args: { scene: 'info' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Information' })).toHaveAttribute('aria-current', 'page');
    const info = canvas.getByRole('region', { name: 'Information' });
    await expect(info).toHaveTextContent('PostgreSQL');
    await expect(info).toHaveTextContent('1d 3h 3m');
    await expect(info).toHaveTextContent('365 days');
    await expect(info).toHaveTextContent('/api/v0/metrics with METRICS_TOKEN');
  },
};

export const InformationLoading: Story = {
  args: { scene: 'infoLoading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading the system information…')).toBeInTheDocument();
  },
};

export const InformationFailed: Story = {
  args: { scene: 'infoFailed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The system information could not be loaded')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Logs: Story = {
  args: { scene: 'logs' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const files = canvas.getByRole('list', { name: 'Log files' });
    await expect(within(files).getByRole('button', { name: /server\.3\.log/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(files).toHaveTextContent('being written');
    const tail = canvas.getByRole('region', { name: 'Last 100 lines of server.3.log' });
    await expect(tail).toHaveTextContent('2026-03-02 09:15:30 WARN device task pass failed');
    await expect(tail).toHaveTextContent('a line that is not JSON');
    await expect(canvas.getByRole('button', { name: 'Download all (zip)' })).toBeEnabled();
  },
};

export const NoLogs: Story = {
  args: { scene: 'noLogs' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No log files yet (LOG_FILE_LEVEL may be off).')).toBeInTheDocument();
  },
};

export const Workers: Story = {
  args: { scene: 'workers' },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Background workers' });
    const tasks = within(table).getByRole('row', { name: /Device task runner/ });
    await expect(tasks).toHaveTextContent('Running');
    await expect(tasks).toHaveTextContent('2 failures: database is locked');
    const mail = within(table).getByRole('row', { name: /Mail sender/ });
    await expect(mail).toHaveTextContent('Stopped');
    await expect(within(mail).getByRole('button', { name: 'Start' })).toBeInTheDocument();
  },
};

export const WorkersReadOnly: Story = {
  args: { scene: 'workersReadOnly' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/acting on workers, queues and metrics needs/)).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Restart' })).not.toBeInTheDocument();
  },
};

export const QueueManagement: Story = {
  args: { scene: 'queues' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tasks = canvas.getByRole('table', { name: 'Device tasks' });
    await expect(within(tasks).getByRole('row', { name: /Completed/ })).toHaveTextContent('140');
    await expect(canvas.getByRole('button', { name: 'Retry failed (2)' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Retry failed (7)' })).toBeEnabled();
    await expect(within(tasks).queryByRole('button', { name: 'Clear: Being sent' })).not.toBeInTheDocument();
  },
};

export const ClearAQueue: Story = {
  args: { scene: 'clearQueue' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Please confirm' });
    await expect(dialog).toHaveTextContent('Remove every item of Device tasks with the status “Completed”?');
  },
};

export const WebMetrics: Story = {
  args: { scene: 'metrics' },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Requests by call' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows[0]).toHaveTextContent('GET /home/counts');
    await expect(within(table).getByRole('row', { name: /PATCH \/devices/ })).toHaveTextContent('120.5');
  },
};

export const NoMetrics: Story = {
  args: { scene: 'noMetrics' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No requests since the reset.')).toBeInTheDocument();
  },
};

export const ResetMetrics: Story = {
  args: { scene: 'resetMetrics' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Please confirm' });
    await expect(dialog).toHaveTextContent("Prometheus's figures are not affected.");
  },
};
