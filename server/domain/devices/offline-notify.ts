import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import { readSettings } from '../groups/read';
import { notify } from '../notifications/notifications';
import { chunksOf } from './tasks/payloads';

/**
 * `notify_about_offline_device` (§3 Notification subscription): when a device goes offline, the
 * users its group's `device_status_notify` lists with that switch on are told (`device_offline`,
 * important). A subscription on a group covers the groups below it too. The user's own setting
 * (notification settings) can still switch the type off (notify() checks it). For many devices at
 * once (a wave of them left): their rows and their projects' subscribing groups are read once.
 */
export async function notifyOffline(
  deps: { db: Kysely<Database>; realtime: Realtime },
  deviceIds: readonly number[],
): Promise<void> {
  const devices = [];
  for (const ids of chunksOf([...new Set(deviceIds)])) {
    devices.push(
      ...(await deps.db
        .selectFrom('devices as d')
        .innerJoin('domains as g', 'g.id', 'd.domain_id')
        .select(['d.id', 'd.name', 'd.project_id', 'g.id as group_id', 'g.name as group_name', 'g.lft', 'g.rgt'])
        .where('d.id', 'in', ids)
        .execute()),
    );
  }
  if (devices.length === 0) return;
  // The groups of these projects that subscribe anyone to offline devices (few), with their span.
  const subscribing = (
    await deps.db
      .selectFrom('domains')
      .select(['project_id', 'lft', 'rgt', 'settings'])
      .where('project_id', 'in', [...new Set(devices.map((d) => d.project_id))])
      .where('settings', 'like', '%notify_about_offline_device%')
      .execute()
  )
    .map((g) => ({
      ...g,
      users: readSettings(g.settings)
        .device_status_notify.filter((entry) => entry.notify_about_offline_device)
        .map((entry) => entry.user_id),
    }))
    .filter((g) => g.users.length > 0);
  for (const device of devices) {
    const userIds = subscribing
      .filter(
        (g) =>
          Number(g.project_id) === Number(device.project_id) &&
          Number(g.lft) <= Number(device.lft) &&
          Number(g.rgt) >= Number(device.rgt),
      )
      .flatMap((g) => g.users);
    if (userIds.length === 0) continue;
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
}
