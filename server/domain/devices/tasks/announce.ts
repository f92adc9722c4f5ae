import type { Kysely } from 'kysely';
import { PENDING_TASK_STATUSES } from '../../../../src/contract/entities/device-task';
import { DEVICES_TOPIC, type DeviceTasksChangedEvent } from '../../../../src/contract/realtime';
import type { Database } from '../../../db/schema';
import type { Realtime } from '../../../realtime/realtime';
import { nowIso } from '../../clock';

export type TaskChange = DeviceTasksChangedEvent['tasks'][number];

/** Tasks still to run on a device. */
export async function pendingCount(db: Kysely<Database>, deviceId: number): Promise<number> {
  const row = await db
    .selectFrom('device_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', deviceId)
    .where('status', 'in', [...PENDING_TASK_STATUSES])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Tells the device's project (DEVICES_TOPIC) that some of its tasks changed, with the pending
 * count after the change, so task lists and sync state refresh live.
 */
export async function announceTasks(
  deps: { db: Kysely<Database>; realtime: Realtime },
  projectId: number,
  deviceId: number,
  tasks: TaskChange[],
): Promise<void> {
  if (tasks.length === 0) return;
  const event: DeviceTasksChangedEvent = {
    type: 'DeviceTasksChanged',
    device_id: deviceId,
    tasks,
    pending_tasks: await pendingCount(deps.db, deviceId),
    at: nowIso(),
  };
  deps.realtime.publish(DEVICES_TOPIC, event, { projectId });
}

/** Groups changes by device and announces each device's. */
export async function announceMany(
  deps: { db: Kysely<Database>; realtime: Realtime },
  rows: { id: number; project_id: number; device_id: number; status: string }[],
): Promise<void> {
  const byDevice = new Map<number, { projectId: number; tasks: TaskChange[] }>();
  for (const r of rows) {
    const entry = byDevice.get(r.device_id) ?? { projectId: r.project_id, tasks: [] };
    entry.tasks.push({ id: Number(r.id), status: r.status as TaskChange['status'] });
    byDevice.set(r.device_id, entry);
  }
  for (const [deviceId, { projectId, tasks }] of byDevice) await announceTasks(deps, projectId, deviceId, tasks);
}
