import type { Kysely } from 'kysely';
import { PENDING_TASK_STATUSES } from '../../../../src/contract/entities/device-task';
import { DEVICE_TASKS_TOPIC, type DeviceTasksChangedEvent } from '../../../../src/contract/realtime';
import type { Database } from '../../../db/schema';
import type { Realtime } from '../../../realtime/realtime';
import { nowIso } from '../../clock';

export type TaskChange = DeviceTasksChangedEvent['tasks'][number];

/** Pending tasks of each of these devices, in one query per 500. */
async function pendingCounts(db: Kysely<Database>, deviceIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let i = 0; i < deviceIds.length; i += 500) {
    const rows = await db
      .selectFrom('device_tasks')
      .select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('device_id', 'in', deviceIds.slice(i, i + 500))
      .where('status', 'in', [...PENDING_TASK_STATUSES])
      .groupBy('device_id')
      .execute();
    for (const r of rows) counts.set(Number(r.device_id), Number(r.n));
  }
  return counts;
}

/**
 * Tells each device's project (DEVICE_TASKS_TOPIC) that some of its tasks changed, with its pending
 * count after the change, so task lists and sync state refresh live. One message per device.
 */
export async function announceMany(
  deps: { db: Kysely<Database>; realtime: Realtime },
  rows: { id: number; project_id: number; device_id: number; status: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  const byDevice = new Map<number, { projectId: number; tasks: TaskChange[] }>();
  for (const r of rows) {
    const deviceId = Number(r.device_id);
    const entry = byDevice.get(deviceId) ?? { projectId: Number(r.project_id), tasks: [] };
    entry.tasks.push({ id: Number(r.id), status: r.status as TaskChange['status'] });
    byDevice.set(deviceId, entry);
  }
  const pending = await pendingCounts(deps.db, [...byDevice.keys()]);
  const at = nowIso();
  for (const [deviceId, { projectId, tasks }] of byDevice) {
    const event: DeviceTasksChangedEvent = {
      type: 'DeviceTasksChanged',
      device_id: deviceId,
      tasks,
      pending_tasks: pending.get(deviceId) ?? 0,
      at,
    };
    deps.realtime.publish(DEVICE_TASKS_TOPIC, event, { projectId });
  }
}
