import { type Kysely, sql } from 'kysely';
import type { DeviceProtocol } from '../../../../src/contract/constants';
import {
  type DeviceTaskKind,
  RESTARTABLE_TASK_STATUSES,
  type RestartTasks,
  type TaskBatch,
} from '../../../../src/contract/entities/device-task';
import { ERROR_CODES } from '../../../../src/contract/errors';
import type { AppContext } from '../../../context';
import { dialectOf } from '../../../db/dialects';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';
import { nowIso } from '../../clock';
import { invalidRelated, refused } from '../../errors';
import { scopedDevices } from '../devices';
import { announceMany } from './announce';
import { INIT_BATCH } from './kinds';
import { tasksByIds } from './queries';
import { makeTasks, stopPending, type TaskDevice, type TaskRow } from './store';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'config'>;

interface TalkableDevice extends TaskDevice {
  protocol: string;
  serial_number: string | null;
}

/** The devices the caller reaches among `ids` (all of them, or 404 / invalid related). */
async function reachable(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<TalkableDevice[]> {
  const rows = await scopedDevices(db, auth)
    .select(['d.id', 'd.project_id', 'd.name', 'd.protocol', 'd.serial_number'])
    .where('d.id', 'in', ids)
    .execute();
  if (rows.length !== new Set(ids).size) throw invalidRelated(['devices']);
  // In the order sent (answers follow it).
  const byId = new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), project_id: Number(r.project_id) }]));
  return [...new Set(ids)].map((id) => byId.get(id)).filter((d) => d !== undefined);
}

/** §8.2: a device of protocol none is not talked to; http devices are not reached over the link. */
function assertTalkable(device: TalkableDevice): void {
  if (device.protocol === 'none') throw refused(ERROR_CODES.protocolNoneCannotInit);
  if (device.protocol !== 'mqtt') throw refused(ERROR_CODES.protocolNotMqtt);
  if (!device.serial_number) throw refused(ERROR_CODES.cannotPerformAction);
}

/**
 * Makes a batch of tasks for each device, after stopping what they replace (`replaces`: every
 * pending task for an init, pending tasks of the same kinds otherwise), announces and kicks.
 */
async function enqueue(
  ctx: Ctx,
  devices: TalkableDevice[],
  kinds: readonly DeviceTaskKind[],
  replaces: 'all' | 'same',
): Promise<TaskBatch[]> {
  const ids = devices.map((d) => d.id);
  const stopped: TaskRow[] =
    replaces === 'all' ? await stopPending(ctx.db, ids, 'replaced') : await stopPending(ctx.db, ids, 'replaced', kinds);
  const made = await makeTasks(
    ctx.db,
    devices,
    () => kinds.map((kind) => ({ kind })),
    ctx.config.deviceTasks.maxAttempts,
  );
  const rows = [...made.values()].flatMap((b) => b.rows);
  await announceMany(ctx, [...stopped, ...rows]);
  ctx.deviceTasks.kick();
  const items = new Map(
    (
      await tasksByIds(
        ctx.db,
        rows.map((r) => r.id),
      )
    ).map((t) => [t.id, t]),
  );
  return devices.map((d) => {
    const batch = made.get(d.id);
    return {
      device_id: d.id,
      batch_id: batch?.batchId ?? '',
      tasks: (batch?.rows ?? []).map((r) => items.get(r.id)).filter((t) => t !== undefined),
    };
  });
}

/** POST /devices/init/{id}: init, settings, identifiers, schedules, as one batch. */
export async function initDevice(ctx: Ctx, auth: Auth, id: number): Promise<TaskBatch> {
  const [device] = await reachable(ctx.db, auth, [id]);
  if (!device) throw invalidRelated(['devices']);
  assertTalkable(device);
  const [batch] = await enqueue(ctx, [device], INIT_BATCH, 'all');
  return batch as TaskBatch;
}

/** POST /devices/tasks/reinit: a new init batch for each device (every device must be talkable). */
export async function reinitDevices(ctx: Ctx, auth: Auth, ids: number[]): Promise<TaskBatch[]> {
  const devices = await reachable(ctx.db, auth, ids);
  devices.forEach(assertTalkable);
  return enqueue(ctx, devices, INIT_BATCH, 'all');
}

/** POST /devices/{id}/settings/apply: the device's stored settings, read when the task is sent. */
export async function applySettings(ctx: Ctx, auth: Auth, id: number): Promise<TaskBatch> {
  const [device] = await reachable(ctx.db, auth, [id]);
  if (!device) throw invalidRelated(['devices']);
  assertTalkable(device);
  const [batch] = await enqueue(ctx, [device], ['settings.apply'], 'same');
  return batch as TaskBatch;
}

/**
 * POST /devices/tasks/restart: the failed tasks (error, stopped) named, of one device, or all
 * the caller sees, queued again with their attempts reset. A device of protocol none named
 * (by a task or by device_id) is refused (§8.2); "all" skips those devices.
 */
export async function restartTasks(ctx: Ctx, auth: Auth, body: RestartTasks): Promise<number> {
  const { db } = ctx;
  if (body.device_id !== undefined) {
    const [device] = await reachable(db, auth, [body.device_id]);
    if (device) assertTalkable(device);
  }
  let q = scopedDevices(db, auth)
    .innerJoin('device_tasks as t', 't.device_id', 'd.id')
    .select(['t.id', 'd.protocol'])
    .where('t.status', 'in', [...RESTARTABLE_TASK_STATUSES]);
  if (body.items) q = q.where('t.id', 'in', body.items);
  if (body.device_id !== undefined) q = q.where('t.device_id', '=', body.device_id);
  const found = await q.execute();
  if (body.items && found.some((t) => t.protocol !== 'mqtt')) throw refused(ERROR_CODES.protocolNoneCannotInit);
  const ids = found.filter((t) => t.protocol === 'mqtt').map((t) => Number(t.id));
  if (ids.length === 0) return 0;
  const now = nowIso();
  const rows = await db
    .updateTable('device_tasks')
    .set({
      status: 'queued',
      attempts: 0,
      next_attempt_at: null,
      finished_at: null,
      last_error_code: null,
      last_error_message: null,
      updated_at: now,
    })
    .where('id', 'in', ids)
    .where('status', 'in', [...RESTARTABLE_TASK_STATUSES])
    .returningAll()
    .execute();
  await announceMany(ctx, rows);
  ctx.deviceTasks.kick();
  return rows.length;
}

/** DELETE /devices/tasks/{id} and delete-all: gone from the queue (one in flight: its answer is dropped). */
export async function deleteTasks(ctx: Ctx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await ctx.db.deleteFrom('device_tasks').where('id', 'in', ids).returningAll().execute();
  await announceMany(
    ctx,
    rows.map((r) => ({ ...r, status: 'deleted' })),
  );
  ctx.deviceTasks.kick();
  return rows.length;
}

/** POST /devices/{id}/set-protocol: to none, the device's pending tasks are stopped. */
export async function setProtocol(ctx: Ctx, id: number, protocol: DeviceProtocol): Promise<void> {
  await ctx.db.updateTable('devices').set({ protocol, updated_at: nowIso() }).where('id', '=', id).execute();
  if (protocol !== 'mqtt') await announceMany(ctx, await stopPending(ctx.db, [id], 'protocol'));
}

/**
 * POST /devices/set-use-address: `sip.use_address` of the devices' settings, then a settings
 * apply for each mqtt device among them. Answers how many devices changed.
 */
export async function setUseAddress(ctx: Ctx, auth: Auth, ids: number[], useAddress: boolean): Promise<number> {
  const devices = await reachable(ctx.db, auth, ids);
  const now = nowIso();
  const value = useAddress ? 'true' : 'false';
  // The one field, whether or not the stored settings have a sip section yet.
  const json =
    dialectOf(ctx.db) === 'postgres'
      ? sql<string>`(with s as (select coalesce(nullif(settings, ''), '{}')::jsonb as j)
          select jsonb_set(j, '{sip}', coalesce(j->'sip', '{}'::jsonb) || jsonb_build_object('use_address', ${value}::jsonb)) from s)::text`
      : sql<string>`json_set(coalesce(nullif(settings, ''), '{}'), '$.sip',
          json_patch(coalesce(json_extract(coalesce(nullif(settings, ''), '{}'), '$.sip'), '{}'), json_object('use_address', json(${value}))))`;
  const updated = await ctx.db
    .updateTable('devices')
    .set({ settings: json, updated_at: now })
    .where(
      'id',
      'in',
      devices.map((d) => d.id),
    )
    .executeTakeFirst();
  const talkable = devices.filter((d) => d.protocol === 'mqtt' && d.serial_number);
  if (talkable.length > 0) await enqueue(ctx, talkable, ['settings.apply'], 'same');
  return Number(updated.numUpdatedRows);
}

/**
 * A device backup imported in project settings (`/project/import/device-backup`): the settings
 * just stored are sent to the devices that talk over the link (mqtt, with a serial number); the
 * others keep them until they are reachable. Answers how many got a task.
 */
export async function applyImportedSettings(ctx: Ctx, projectId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await ctx.db
    .selectFrom('devices')
    .select(['id', 'project_id', 'name', 'protocol', 'serial_number'])
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .where('protocol', '=', 'mqtt')
    .where('serial_number', 'is not', null)
    .execute();
  if (rows.length === 0) return 0;
  await enqueue(
    ctx,
    rows.map((r) => ({ ...r, id: Number(r.id), project_id: Number(r.project_id) })),
    ['settings.apply'],
    'same',
  );
  return rows.length;
}
