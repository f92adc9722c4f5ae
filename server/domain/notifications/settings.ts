import type { Kysely } from 'kysely';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from '../../../src/contract/entities/notification';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';

/** The caller's subscription in the current project; the defaults until first saved. */
export async function readNotificationSettings(db: Kysely<Database>, auth: Auth): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('notification_settings as ns', (j) =>
      j.onRef('ns.user_id', '=', 'u.id').on('ns.project_id', '=', auth.projectId),
    )
    .where('u.id', '=', auth.userId)
    .select([
      'u.id',
      'u.name',
      'u.email',
      'ns.notify_about_offline_device',
      'ns.notify_about_device_task_failed',
      'ns.acs',
    ])
    .executeTakeFirstOrThrow();
  const flag = (value: number | null, fallback: boolean) => (value === null ? fallback : value === 1);
  return {
    user: { id: row.id, name: row.name, email: row.email },
    notify_about_offline_device: flag(
      row.notify_about_offline_device,
      DEFAULT_NOTIFICATION_SETTINGS.notify_about_offline_device,
    ),
    notify_about_device_task_failed: flag(
      row.notify_about_device_task_failed,
      DEFAULT_NOTIFICATION_SETTINGS.notify_about_device_task_failed,
    ),
    acs: flag(row.acs, DEFAULT_NOTIFICATION_SETTINGS.acs),
  };
}

/** Saves the switches given (the others keep their value) and answers the whole subscription. */
export async function saveNotificationSettings(
  db: Kysely<Database>,
  auth: Auth,
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
  const current = await readNotificationSettings(db, auth);
  const next = { ...current, ...patch };
  const values = {
    notify_about_offline_device: next.notify_about_offline_device ? 1 : 0,
    notify_about_device_task_failed: next.notify_about_device_task_failed ? 1 : 0,
    acs: next.acs ? 1 : 0,
    updated_at: nowIso(),
  } as const;
  await db
    .insertInto('notification_settings')
    .values({ user_id: auth.userId, project_id: auth.projectId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet(values))
    .execute();
  return readNotificationSettings(db, auth);
}
