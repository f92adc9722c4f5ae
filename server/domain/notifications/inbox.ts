import type { Kysely } from 'kysely';
import { NOTIFICATIONS } from '../../../src/contract/constants';
import {
  NOTIFICATION_TYPE_CODES,
  type Notification,
  type NotificationItemsQuery,
  type NotificationRead,
  type NotificationTab,
  type NotificationUnread,
  notificationTypesOf,
} from '../../../src/contract/entities/notification';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { itemNotFound } from '../errors';
import { toNotification } from './notifications';

/**
 * The caller's own notifications in the current project: every query starts
 * here, so nobody reads or marks another user's rows. Types the catalogue no
 * longer knows are left out rather than failing the answer.
 */
function own(db: Kysely<Database>, auth: Auth) {
  return db
    .selectFrom('notifications as n')
    .where('n.user_id', '=', auth.userId)
    .where('n.project_id', '=', auth.projectId)
    .where('n.type', 'in', NOTIFICATION_TYPE_CODES);
}

/** How many are unread, and the newest unread important ones the bell shows (9: last 3). */
export async function unreadSummary(db: Kysely<Database>, auth: Auth): Promise<NotificationUnread> {
  const unread = own(db, auth).where('n.read_at', 'is', null);
  const unreadImportant = unread.where('n.significance', '=', 'important');
  const [count, importantCount, important] = await Promise.all([
    unread.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    unreadImportant.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    unreadImportant.selectAll('n').orderBy('n.id', 'desc').limit(NOTIFICATIONS.headerImportantUnread).execute(),
  ]);
  return {
    count: Number(count.count),
    important_count: Number(importantCount.count),
    important: important.map(toNotification),
  };
}

/** Narrows to a tab of the /notifications page. */
// biome-ignore lint/suspicious/noExplicitAny: applies to the builder of `own` before and after select.
function ofTab<Q extends { where: (...args: any[]) => Q }>(q: Q, tab: NotificationTab): Q {
  switch (tab) {
    case 'all':
      return q;
    case 'normal':
    case 'important':
      return q.where('n.significance', '=', tab);
    case 'acs':
    case 'alarm':
      return q.where('n.type', 'in', notificationTypesOf(tab));
  }
}

/** One page of the caller's notifications, newest first, with the tab's total. */
export async function listNotifications(
  db: Kysely<Database>,
  auth: Auth,
  query: NotificationItemsQuery,
): Promise<{ data: Notification[]; meta: { page: number; size: number; total: number } }> {
  const base = ofTab(own(db, auth), query.type);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll('n')
      .orderBy('n.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
  ]);
  return {
    data: rows.map(toNotification),
    meta: { page: query.page, size: query.size, total: Number(total.count) },
  };
}

/**
 * Marks the caller's notifications read: one (`id`: 404 unless it is the
 * caller's), several (`ids`: others' ids are ignored, not reported) or all.
 * Already read ones keep their first read time.
 */
export async function markRead(
  db: Kysely<Database>,
  auth: Auth,
  body: NotificationRead,
): Promise<{ marked: number; unread: number }> {
  if ('id' in body) {
    const exists = await own(db, auth).where('n.id', '=', body.id).select('n.id').executeTakeFirst();
    if (!exists) throw itemNotFound();
  }
  const now = nowIso();
  let update = db
    .updateTable('notifications')
    .set({ read_at: now, updated_at: now })
    .where('user_id', '=', auth.userId)
    .where('project_id', '=', auth.projectId)
    .where('read_at', 'is', null);
  if ('id' in body) update = update.where('id', '=', body.id);
  else if ('ids' in body) update = update.where('id', 'in', body.ids);
  const result = await update.executeTakeFirst();
  const { count } = await unreadSummary(db, auth);
  return { marked: Number(result.numUpdatedRows), unread: count };
}
