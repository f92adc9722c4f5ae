import * as v from 'valibot';
import type { AppContext } from '../../../context';
import { readJson } from '../../../db/json';
import { notify } from '../../notifications/notifications';
import { mailProjectAdmin } from '../../project/admin-mail';
import { projectPublicUrl } from '../../project/settings';
import type { TaskRow } from './store';

const SubscriptionsSchema = v.object({
  device_status_notify: v.optional(
    v.array(v.looseObject({ user_id: v.number(), notify_about_device_task_failed: v.optional(v.boolean(), false) })),
    [],
  ),
});

/**
 * A task ended in `error`: the subscribers of the device's group (its `device_status_notify`
 * entries with `notify_about_device_task_failed`) are told, through their own notification
 * settings (notify() skips those who switched the type off).
 */
export async function notifyTaskFailed(
  ctx: Pick<AppContext, 'db' | 'realtime'> & Partial<Pick<AppContext, 'mailer' | 'config'>>,
  task: TaskRow,
): Promise<void> {
  const device = await ctx.db
    .selectFrom('devices as d')
    .leftJoin('domains as g', 'g.id', 'd.domain_id')
    .select([
      'd.id',
      'd.name',
      'd.serial_number',
      'd.project_id',
      'g.id as group_id',
      'g.name as group_name',
      'g.settings',
    ])
    .where('d.id', '=', task.device_id)
    .executeTakeFirst();
  if (!device) return;
  const projectId = Number(device.project_id);
  // The project's administrator address, when its flag is on (project settings).
  await mailProjectAdmin(ctx, {
    type: 'device_task_failed',
    projectId,
    groupIds: device.group_id === null ? [] : [Number(device.group_id)],
    values: {
      device: device.name,
      serial_number: device.serial_number ?? '',
      group: device.group_name ?? '',
      task: task.kind,
      error: task.last_error_code ?? '',
      link: ctx.config ? `${await projectPublicUrl(ctx.db, ctx.config, projectId)}/devices/tasks` : '',
    },
  });
  if (device.group_id === null) return;
  const settings = readJson(device.settings, SubscriptionsSchema, { device_status_notify: [] });
  const userIds = settings.device_status_notify.filter((s) => s.notify_about_device_task_failed).map((s) => s.user_id);
  if (userIds.length === 0) return;
  await notify(ctx as AppContext, {
    projectId: Number(device.project_id),
    userIds,
    type: 'device_task_failed',
    data: {
      device: { id: Number(device.id), name: device.name },
      device_id: Number(device.id),
      group: { id: Number(device.group_id), name: device.group_name ?? '' },
      task_id: Number(task.id),
      kind: task.kind,
      error: task.last_error_code,
      has_error: true,
    },
  });
}
