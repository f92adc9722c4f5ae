import type { Kysely, Selectable } from 'kysely';
import * as v from 'valibot';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_TYPES,
  type Notification,
  NotificationDataSchema,
  type NotificationSettingsFlags,
  type NotificationType,
  PopupActionSchema,
  resolvePopupAction,
} from '../../../src/contract/entities/notification';
import { userTopic } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { readJson } from '../../db/json';
import type { Database, NotificationsTable } from '../../db/schema';
import { nowIso } from '../clock';

/** What a producer hands to {@link notify}. */
export interface NotifyInput {
  projectId: number;
  /** Recipients; duplicates, non-members of the project and users who switched the type off are skipped. */
  userIds: number[];
  type: NotificationType;
  /** The payload (section 3): token, conversation_id, author, device, … as the type's text needs. */
  data: Record<string, unknown>;
}

/**
 * Stores one notification per recipient, with significance, icon, colour,
 * sound and popup action from the type catalogue, and pushes each on the
 * recipient's `private-users.{id}` topic as `NotificationCreated`. Producers
 * (announces, conversations, SIP, devices, …) call this and nothing else.
 */
export async function notify(ctx: Pick<AppContext, 'db' | 'realtime'>, input: NotifyInput): Promise<void> {
  const spec = NOTIFICATION_TYPES[input.type];
  const recipients = await recipientsOf(ctx.db, input.projectId, [...new Set(input.userIds)], spec.setting);
  if (recipients.length === 0) return;

  const now = nowIso();
  const popupAction = resolvePopupAction(spec.popup_action, input.data);
  const rows = await ctx.db
    .insertInto('notifications')
    .values(
      recipients.map((userId) => ({
        project_id: input.projectId,
        user_id: userId,
        type: input.type,
        data: JSON.stringify(input.data),
        significance: spec.significance,
        icon: spec.icon,
        colour: spec.colour,
        sound: spec.sound,
        popup_action: popupAction ? JSON.stringify(popupAction) : null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returningAll()
    .execute();

  for (const row of rows) {
    ctx.realtime.publish(
      userTopic(row.user_id),
      { type: 'NotificationCreated', notification: toNotification(row) },
      { projectId: input.projectId },
    );
  }
}

/** Members of the project among `userIds` whose subscription lets `setting` through. */
async function recipientsOf(
  db: Kysely<Database>,
  projectId: number,
  userIds: number[],
  setting: keyof NotificationSettingsFlags | null,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  let q = db
    .selectFrom('memberships as ms')
    .innerJoin('users as u', 'u.id', 'ms.user_id')
    .where('ms.project_id', '=', projectId)
    .where('ms.user_id', 'in', userIds)
    .where('u.deleted_at', 'is', null)
    .select('ms.user_id');
  if (setting) {
    // No settings row means the defaults; an explicit 0 switches the type off.
    q = q
      .leftJoin('notification_settings as ns', (j) =>
        j.onRef('ns.user_id', '=', 'ms.user_id').on('ns.project_id', '=', projectId),
      )
      .where((eb) =>
        DEFAULT_NOTIFICATION_SETTINGS[setting]
          ? eb.or([eb(`ns.${setting}`, 'is', null), eb(`ns.${setting}`, '=', 1)])
          : eb(`ns.${setting}`, '=', 1),
      );
  }
  const rows = await q.orderBy('ms.user_id').execute();
  return rows.map((row) => row.user_id);
}

/** A stored row as the contract's Notification. */
export function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    data: readJson(row.data, NotificationDataSchema, {}),
    significance: row.significance === 'important' ? 'important' : 'normal',
    icon: row.icon as Notification['icon'],
    colour: row.colour as Notification['colour'],
    sound: row.sound === null ? null : (row.sound as Notification['sound']),
    popup_action: readJson(row.popup_action, v.nullable(PopupActionSchema), null),
    created_at: row.created_at,
    updated_at: row.updated_at,
    read_at: row.read_at,
  };
}
