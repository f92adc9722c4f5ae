import type { DeviceTaskKind, SyncList } from '../../../../src/contract/entities/device-task';
import type { AppContext } from '../../../context';
import { announceMany } from '../../devices/tasks/announce';
import { makeTasks, type TaskDevice, type TaskRow } from '../../devices/tasks/store';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'config'>;

const KIND: Record<SyncList, DeviceTaskKind> = { identifiers: 'sync.identifiers', schedules: 'sync.schedules' };
/** Pending and not yet started: such a task will read the list when it is sent, so it covers this change too. */
const NOT_STARTED = ['new', 'queued', 'waiting'] as const;

/**
 * A change reached these devices' lists: a sync task per list for each of them (of the project,
 * talked to over MQTT), except where one of the same kind is pending and not yet started — its
 * body is read when it is sent (payloads.ts), so a burst of edits makes one sync, not one per
 * edit. A device that is offline keeps its one waiting task and converges when it returns.
 * Answers the tasks made.
 */
export async function requestAccessSync(
  ctx: Ctx,
  projectId: number,
  deviceIds: readonly number[],
  lists: readonly SyncList[] = ['identifiers', 'schedules'],
): Promise<TaskRow[]> {
  const ids = [...new Set(deviceIds)];
  if (ids.length === 0 || lists.length === 0) return [];
  const kinds = lists.map((l) => KIND[l]);
  const devices = await ctx.db
    .selectFrom('devices')
    .select(['id', 'project_id', 'name'])
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .where('protocol', '=', 'mqtt')
    .where('serial_number', 'is not', null)
    .execute();
  if (devices.length === 0) return [];
  const pending = await ctx.db
    .selectFrom('device_tasks')
    .select(['device_id', 'kind'])
    .where(
      'device_id',
      'in',
      devices.map((d) => Number(d.id)),
    )
    .where('kind', 'in', kinds)
    .where('status', 'in', [...NOT_STARTED])
    .execute();
  const has = new Set(pending.map((p) => `${p.device_id}:${p.kind}`));
  const wanted = new Map<number, DeviceTaskKind[]>();
  const targets: TaskDevice[] = [];
  for (const d of devices) {
    const id = Number(d.id);
    const missing = kinds.filter((k) => !has.has(`${id}:${k}`));
    if (missing.length === 0) continue;
    wanted.set(id, missing);
    targets.push({ id, project_id: Number(d.project_id), name: d.name });
  }
  if (targets.length === 0) return [];
  const made = await makeTasks(
    ctx.db,
    targets,
    (device) => (wanted.get(device.id) ?? []).map((kind) => ({ kind })),
    ctx.config.deviceTasks.maxAttempts,
  );
  const rows = [...made.values()].flatMap((b) => b.rows);
  await announceMany(ctx, rows);
  ctx.deviceTasks.kick();
  return rows;
}
