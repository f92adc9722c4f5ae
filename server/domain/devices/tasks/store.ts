import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import {
  type DeviceTaskEntity,
  type DeviceTaskKind,
  PENDING_TASK_STATUSES,
} from '../../../../src/contract/entities/device-task';
import type { Database, DeviceTasksTable } from '../../../db/schema';
import { nowIso } from '../../clock';

export type TaskRow = Selectable<DeviceTasksTable>;

/** A device a task is made for. */
export interface TaskDevice {
  id: number;
  project_id: number;
  name: string;
}

/** One task to make: its kind, what it sends beyond what is read at send time, what it is about. */
export interface TaskSpec {
  kind: DeviceTaskKind;
  payload?: Record<string, unknown>;
  entities?: DeviceTaskEntity[];
}

/** Rows per insert: well under both dialects' bound-parameter limits. */
const CHUNK = 400;

/**
 * Makes the tasks of each device as one batch per device (status `new`; the runner queues,
 * parks or sends them), in the order given, and answers them per device.
 */
export async function makeTasks(
  db: Kysely<Database>,
  devices: TaskDevice[],
  specs: (device: TaskDevice) => TaskSpec[],
  maxAttempts: number,
): Promise<Map<number, { batchId: string; rows: TaskRow[] }>> {
  const now = nowIso();
  const values: Insertable<DeviceTasksTable>[] = [];
  const batches = new Map<number, string>();
  for (const device of devices) {
    const batchId = randomUUID();
    batches.set(device.id, batchId);
    for (const spec of specs(device)) {
      values.push({
        project_id: device.project_id,
        device_id: device.id,
        kind: spec.kind,
        payload: JSON.stringify(spec.payload ?? {}),
        status: 'new',
        max_attempts: maxAttempts,
        batch_id: batchId,
        entities: JSON.stringify(spec.entities ?? [{ type: 'device', id: device.id, name: device.name }]),
        created_at: now,
        updated_at: now,
      });
    }
  }
  const rows: TaskRow[] = [];
  for (let i = 0; i < values.length; i += CHUNK) {
    rows.push(
      ...(await db
        .insertInto('device_tasks')
        .values(values.slice(i, i + CHUNK))
        .returningAll()
        .execute()),
    );
  }
  const out = new Map<number, { batchId: string; rows: TaskRow[] }>();
  for (const device of devices) out.set(device.id, { batchId: batches.get(device.id) ?? '', rows: [] });
  for (const row of rows.sort((a, b) => a.id - b.id)) out.get(row.device_id)?.rows.push(row);
  return out;
}

/** Stops the pending tasks (not the one being sent) of these devices, of these kinds or all; answers them. */
export async function stopPending(
  db: Kysely<Database>,
  deviceIds: number[],
  reason: string,
  kinds?: readonly DeviceTaskKind[],
): Promise<TaskRow[]> {
  if (deviceIds.length === 0) return [];
  const now = nowIso();
  let q = db.updateTable('device_tasks');
  if (kinds) q = q.where('kind', 'in', [...kinds]);
  return q
    .set({ status: 'stopped', finished_at: now, updated_at: now, last_error_code: reason, last_error_message: null })
    .where('device_id', 'in', deviceIds)
    .where(
      'status',
      'in',
      PENDING_TASK_STATUSES.filter((s) => s !== 'started'),
    )
    .returningAll()
    .execute();
}

/** The request id a task sends: its batch and id, and the attempt after each refusal (a new request). */
export const requestIdOf = (task: Pick<TaskRow, 'id' | 'batch_id' | 'request_id'>): string =>
  task.request_id ?? `${task.batch_id}:${task.id}`;
