import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import { readSettings } from '../groups/read';
import { notify } from '../notifications/notifications';

/**
 * `notify_about_offline_device` (§3 Notification subscription): when a device goes offline, the
 * users its group's `device_status_notify` lists with that switch on are told (`device_offline`,
 * important). A subscription on a group covers the groups below it too. The user's own setting
 * (notification settings) can still switch the type off (notify() checks it).
 */
export async function notifyOffline(
  deps: { db: Kysely<Database>; realtime: Realtime },
  deviceId: number,
): Promise<void> {
  const device = await deps.db
    .selectFrom('devices as d')
    .innerJoin('domains as g', 'g.id', 'd.domain_id')
    .select(['d.id', 'd.name', 'd.project_id', 'g.id as group_id', 'g.name as group_name', 'g.lft', 'g.rgt'])
    .where('d.id', '=', deviceId)
    .executeTakeFirst();
  if (!device) return;
  const groups = await deps.db
    .selectFrom('domains')
    .select(['settings'])
    .where('project_id', '=', device.project_id)
    .where('lft', '<=', device.lft)
    .where('rgt', '>=', device.rgt)
    .execute();
  const userIds = groups.flatMap((g) =>
    readSettings(g.settings)
      .device_status_notify.filter((entry) => entry.notify_about_offline_device)
      .map((entry) => entry.user_id),
  );
  if (userIds.length === 0) return;
  await notify(deps, {
    projectId: Number(device.project_id),
    userIds,
    type: 'device_offline',
    data: {
      device_id: Number(device.id),
      device: { id: Number(device.id), name: device.name },
      group: { id: Number(device.group_id), name: device.group_name },
    },
  });
}
