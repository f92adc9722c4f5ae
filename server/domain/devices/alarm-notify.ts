import type { Kysely } from 'kysely';
import { DEVICE_ALARMS_TOPIC, type DeviceAlarmChangedEvent } from '../../../src/contract/realtime';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import { effectivePermissions } from '../auth/effective-permissions';
import { notify } from '../notifications/notifications';
import type { AlarmChange } from './alarms';

const NOTIFICATION_OF = {
  enabled: 'device_alarm_enabled',
  disabled: 'device_alarm_disabled',
  processed: 'device_alarm_processed',
} as const;

/**
 * Tells of alarm state changes: DeviceAlarmChanged on DEVICE_ALARMS_TOPIC to the project's
 * consoles, and a notification (enabled: important, with sound; disabled, processed) to every
 * member who may see the alarm (`alarmWatchers`). The one who processed it is not told of it.
 */
export async function announceAlarmChanges(
  deps: { db: Kysely<Database>; realtime: Realtime },
  changes: readonly AlarmChange[],
): Promise<void> {
  for (const change of changes) {
    const event: DeviceAlarmChangedEvent = {
      type: 'DeviceAlarmChanged',
      alarm_id: change.alarmId,
      state: change.state,
    };
    deps.realtime.publish(DEVICE_ALARMS_TOPIC, event, { projectId: change.projectId });
    const device = await deps.db
      .selectFrom('devices as d')
      .leftJoin('domains as g', 'g.id', 'd.domain_id')
      .select(['d.id', 'd.name', 'd.domain_id', 'g.name as domain_name'])
      .where('d.id', '=', change.deviceId)
      .executeTakeFirst();
    if (!device) continue;
    const user = change.userId
      ? await deps.db.selectFrom('users').select(['id', 'name']).where('id', '=', change.userId).executeTakeFirst()
      : undefined;
    const watchers = await alarmWatchers(deps.db, change.projectId, device.domain_id);
    await notify(deps, {
      projectId: change.projectId,
      userIds: watchers.filter((id) => id !== change.userId),
      type: NOTIFICATION_OF[change.state],
      data: {
        alarm_id: change.alarmId,
        device_id: Number(device.id),
        device: { id: Number(device.id), name: device.name },
        ...(device.domain_id !== null && device.domain_name !== null
          ? { group: { id: Number(device.domain_id), name: device.domain_name } }
          : {}),
        sensor: change.sensor,
        sensors: [{ sensor: change.sensor, id: change.deviceAlarmId }],
        status: change.state,
        ...(user ? { user: { id: Number(user.id), name: user.name } } : {}),
      },
    });
  }
}

/**
 * Members who may see an alarm of a device in group `domainId` (event-scope.ts): holders of
 * device_alarms.view with devices.view_all, or whose groups hold that group (or are it).
 */
export async function alarmWatchers(
  db: Kysely<Database>,
  projectId: number,
  domainId: number | null,
): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select((eb) => [
      'm.user_id',
      'r.is_admin',
      'r.permissions',
      eb
        .exists(
          eb
            .selectFrom('user_domains as ud')
            .innerJoin('domains as ag', 'ag.id', 'ud.domain_id')
            .innerJoin('domains as dg', (j) =>
              j
                .onRef('dg.lft', '>=', 'ag.lft')
                .onRef('dg.rgt', '<=', 'ag.rgt')
                .onRef('dg.project_id', '=', 'ag.project_id'),
            )
            .select('ud.user_id')
            .whereRef('ud.user_id', '=', 'm.user_id')
            .where('ag.project_id', '=', projectId)
            .where('dg.id', '=', domainId ?? -1),
        )
        .as('reaches'),
    ])
    .where('m.project_id', '=', projectId)
    .execute();
  return rows
    .filter((r) => {
      const permissions = effectivePermissions({ is_admin: Number(r.is_admin), permissions: r.permissions });
      if (!permissions.includes('device_alarms.view')) return false;
      return permissions.includes('devices.view_all') || Boolean(Number(r.reaches));
    })
    .map((r) => Number(r.user_id));
}
