import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { MailValues } from '../../mail/render';
import { sendTemplatedMail } from '../mail/compose';
import { adminNotices, projectLocale } from './settings';

/** The notices the project's administrator address may get (section 3 "admin_email", "notify flags"). */
export type AdminNotice = 'device_offline' | 'device_task_failed' | 'licence_warning';

const FLAG: Record<
  AdminNotice,
  'notify_about_offline_device' | 'notify_about_device_task_failed' | 'notify_about_licence'
> = {
  device_offline: 'notify_about_offline_device',
  device_task_failed: 'notify_about_device_task_failed',
  licence_warning: 'notify_about_licence',
};

/** What mailing the administrator needs; parts of the server without a mailer send nothing. */
export interface AdminMailDeps {
  db: Kysely<Database>;
  config?: Pick<Config, 'publicUrl'>;
  mailer?: Pick<Mailer, 'send'>;
}

/**
 * Mails the project's administrator address about a device or a licence, when
 * the project has an address and its notify flag for that notice is on; in the
 * project's language, through the templates of the type (the device's group's
 * first). Answers whether a mail was written. The licences area calls it with
 * `licence_warning`.
 */
export async function mailProjectAdmin(
  deps: AdminMailDeps,
  notice: { type: AdminNotice; projectId: number; groupIds?: number[]; values: MailValues },
): Promise<boolean> {
  if (!deps.mailer || !deps.config) return false;
  const { email, flags } = await adminNotices(deps.db, notice.projectId);
  if (!email || !flags[FLAG[notice.type]]) return false;
  await sendTemplatedMail(
    { db: deps.db, config: deps.config, mailer: deps.mailer },
    {
      to: email,
      type: notice.type,
      projectId: notice.projectId,
      groupIds: notice.groupIds ?? [],
      locale: await projectLocale(deps.db, notice.projectId),
      values: notice.values,
    },
  );
  return true;
}
