import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Queue, Worker } from '../../src/contract/entities/system';
import type { CallFailure } from '../../src/machines/session/session.types';
import {
  sampleInfo,
  sampleLogFiles,
  sampleMetrics,
  sampleQueues,
  sampleTail,
  sampleWorkers,
} from '../../src/ui/system/system.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** The demo backend plus the system calls: workers that really change state, queues that count down. */
function systemBackend(options: { stopFailure?: CallFailure } = {}) {
  const workers: Worker[] = structuredClone(sampleWorkers);
  const queues: Queue[] = structuredClone(sampleQueues);
  let metrics = structuredClone(sampleMetrics);
  const set = (name: string, state: Worker['state']) => {
    const worker = workers.find((w) => w.name === name);
    if (!worker) throw { code: 'item not found', status: 404 } satisfies CallFailure;
    worker.state = state;
    return { data: worker };
  };
  const name = (call: FakeCall) => call.path.split('/')[3] as string;
  const queueOf = (call: FakeCall) => queues.find((q) => q.queue === call.path.split('/')[3]) as Queue;
  return demoBackend({
    'GET /system/info': () => ({ data: sampleInfo }),
    'GET /system/logs/available': () => ({ data: sampleLogFiles }),
    'GET /system/logs/server.3.log/100': () => ({ data: sampleTail }),
    'GET /system/logs/server.2.log/100': () => ({ data: { name: 'server.2.log', lines: ['older line'] } }),
    'GET /system/workers': () => ({ data: workers }),
    'POST /system/workers/device-tasks/stop': (call) => {
      if (options.stopFailure) throw options.stopFailure;
      return set(name(call), 'stopped');
    },
    'POST /system/workers/mail-sender/start': (call) => set(name(call), 'running'),
    'GET /system/queues': () => ({ data: queues }),
    'POST /system/queues/mail/retry': (call) => {
      const queue = queueOf(call);
      const retried = queue.counts.failed ?? 0;
      queue.counts = { ...queue.counts, failed: 0, queued: (queue.counts.queued ?? 0) + retried };
      return { data: { retried } };
    },
    'POST /system/queues/device_tasks/clear': (call) => {
      const queue = queueOf(call);
      const status = (call.body as { status: string }).status;
      const cleared = queue.counts[status] ?? 0;
      queue.counts = { ...queue.counts, [status]: 0 };
      return { data: { cleared } };
    },
    'GET /metrics/routes': () => ({ data: metrics }),
    'POST /metrics/routes/reset': () => {
      metrics = { since: new Date().toISOString(), routes: [] };
      return { data: metrics };
    },
  });
}

/** The first render loads the page's chunk and every area's machines: slow on a busy machine. */
const LOAD = { timeout: 15_000 };

describe('system page', { timeout: 30_000 }, () => {
  it('opens on the information and reaches every view by its tab', async () => {
    const app = renderWithBackend('/system-info', systemBackend());
    const info = await screen.findByRole('region', { name: 'Information' }, LOAD);
    await waitFor(() => expect(info).toHaveTextContent('gatehouse-1'));
    expect(info).toHaveTextContent('PostgreSQL');
    await app.user.click(screen.getByRole('link', { name: 'Web metrics' }));
    expect(app.location().search).toBe('?tab=metrics');
    expect(await screen.findByRole('table', { name: 'Requests by call' })).toBeInTheDocument();
  });

  it('shows the last lines of the current log, of another file when chosen, and downloads them all', async () => {
    const app = renderWithBackend('/system-info?tab=logs', systemBackend());
    const tail = await screen.findByRole('region', { name: 'Last 100 lines of server.3.log' }, LOAD);
    await waitFor(() => expect(tail).toHaveTextContent('WARN device task pass failed'));
    await app.user.click(screen.getByRole('button', { name: /server\.2\.log/ }));
    const older = await screen.findByRole('region', { name: 'Last 100 lines of server.2.log' });
    await waitFor(() => expect(older).toHaveTextContent('older line'));
    await app.user.click(screen.getByRole('button', { name: 'Download all (zip)' }));
    await waitFor(() => expect(app.backend.calls.some((c) => c.path === '/logs/download')).toBe(true));
  });

  it('stops a worker only after a confirmation, tells it, and the table follows', async () => {
    const app = renderWithBackend('/system-info?tab=workers', systemBackend());
    const table = await screen.findByRole('table', { name: 'Background workers' }, LOAD);
    const row = await within(table).findByRole('row', { name: /Device task runner/ });
    await app.user.click(within(row).getByRole('button', { name: 'Stop' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Stop Device task runner?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.backend.calls.some((c) => c.path.endsWith('/stop'))).toBe(false);

    await app.user.click(within(row).getByRole('button', { name: 'Stop' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Please confirm' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, do it' }));
    expect(await screen.findByText('device-tasks stopped')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /Device task runner/ })).toHaveTextContent('Stopped'),
    );
    expect(within(table).getByRole('row', { name: /Device task runner/ })).toHaveTextContent('Start');
  });

  it('says why a worker action failed', async () => {
    const app = renderWithBackend(
      '/system-info?tab=workers',
      systemBackend({ stopFailure: { code: 'method or action prohibited', status: 403 } }),
    );
    const table = await screen.findByRole('table', { name: 'Background workers' }, LOAD);
    const row = await within(table).findByRole('row', { name: /Device task runner/ });
    await app.user.click(within(row).getByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Please confirm' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, do it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/prohibited/i);
  });

  it('retries failed mail and clears completed tasks, each confirmed, and the counts follow', async () => {
    const app = renderWithBackend('/system-info?tab=queues', systemBackend());
    await app.user.click(await screen.findByRole('button', { name: 'Retry failed (7)' }, LOAD));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, do it' }));
    expect(await screen.findByText('7 items taken up again')).toBeInTheDocument();
    const mail = screen.getByRole('table', { name: 'Mail outbox' });
    await waitFor(() => expect(within(mail).getByRole('row', { name: /Queued/ })).toHaveTextContent('12'));

    const tasks = screen.getByRole('table', { name: 'Device tasks' });
    await app.user.click(within(tasks).getByRole('button', { name: 'Clear: Completed' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('“Completed”');
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, do it' }));
    expect(await screen.findByText('140 items removed')).toBeInTheDocument();
    expect(app.backend.calls.find((c) => c.path === '/system/queues/device_tasks/clear')?.body).toEqual({
      status: 'completed',
    });
    await waitFor(() => expect(within(tasks).getByRole('row', { name: /Completed/ })).toHaveTextContent('0'));
  });

  it('sorts the web metrics by errors and by p95, and resets them after a confirmation', async () => {
    const app = renderWithBackend('/system-info?tab=metrics', systemBackend());
    const table = await screen.findByRole('table', { name: 'Requests by call' }, LOAD);
    const first = () => within(table).getAllByRole('row')[1];
    await waitFor(() => expect(first()).toHaveTextContent('GET /home/counts'));
    await app.user.click(within(table).getByRole('button', { name: 'Errors (5xx)' }));
    expect(first()).toHaveTextContent('PATCH /devices/{id}');
    await app.user.click(within(table).getByRole('button', { name: 'p95, ms' }));
    expect(first()).toHaveTextContent('PATCH /devices/{id}');
    await app.user.click(within(table).getByRole('button', { name: /Requests/ }));
    expect(first()).toHaveTextContent('GET /home/counts');

    await app.user.click(screen.getByRole('button', { name: 'Reset' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, do it' }));
    expect(await screen.findByText('The web metrics start again')).toBeInTheDocument();
    expect(await screen.findByText('No requests since the reset.')).toBeInTheDocument();
  });

  it('offers no actions to a viewer without the settings permission', async () => {
    renderWithBackend('/system-info?tab=workers', systemBackend(), ['system.view_info']);
    const table = await screen.findByRole('table', { name: 'Background workers' }, LOAD);
    await within(table).findByRole('row', { name: /Device task runner/ });
    expect(within(table).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.getByText(/acting on workers, queues and metrics needs/)).toBeInTheDocument();
  });
});
