import type { DeviceTask } from '../../contract/entities/device-task';
import { listPageSnapshots } from '../../machines/entity-list/entity-list.fixtures';

// Times relative to now, so "12:04" reads as today whenever the fixtures are shown.
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const panel = { id: 7, name: 'Entrance panel' };
const ac = { id: 8, name: 'Garage gate controller' };
const building = { id: 3, name: 'Building 1' };

const task = (over: Partial<DeviceTask> & Pick<DeviceTask, 'id' | 'kind' | 'status'>): DeviceTask => ({
  device_id: panel.id,
  device: panel,
  domain: building,
  attempts: 1,
  max_attempts: 5,
  next_attempt_at: null,
  last_error: null,
  batch_id: 'b-7f3a',
  entities: [{ type: 'device', id: panel.id, name: panel.name }],
  created_at: at(-4),
  started_at: at(-4),
  finished_at: null,
  updated_at: at(-1),
  ...over,
});

/** An init batch halfway on the panel, and an older failed settings apply on the gate controller. */
export const sampleTasks: DeviceTask[] = [
  task({ id: 14, kind: 'sync.schedules', status: 'queued', attempts: 0, started_at: null }),
  task({ id: 13, kind: 'sync.identifiers', status: 'queued', attempts: 0, started_at: null }),
  task({ id: 12, kind: 'settings.apply', status: 'started' }),
  task({ id: 11, kind: 'init', status: 'completed', finished_at: at(-3) }),
  task({
    id: 9,
    kind: 'settings.apply',
    status: 'error',
    device_id: ac.id,
    device: ac,
    batch_id: 'b-11c0',
    attempts: 5,
    last_error: { code: 'relay_out_of_range', message: 'relay 3 of 2' },
    created_at: at(-90),
    finished_at: at(-60),
  }),
  task({
    id: 8,
    kind: 'sync.identifiers',
    status: 'waiting',
    device_id: ac.id,
    device: ac,
    batch_id: 'b-0a9e',
    attempts: 0,
    started_at: null,
    created_at: at(-200),
  }),
];

/** Snapshots of the tasks page's list, for its stories and tests. */
export const deviceTasksPageFixtures = listPageSnapshots(sampleTasks, ['-id']);
