import type { Kysely } from 'kysely';
import type { LicenceNotifications } from '../../../src/contract/entities/licence';
import { LICENCE_NOTICE_REPEAT_DAYS } from '../../../src/contract/entities/licence';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { type LicenceMailKind, renderLicenceMail } from '../../mail/licence-mail';
import { effectivePermissions } from '../auth/effective-permissions';
import { notify } from '../notifications/notifications';
import { loadLicenceTree } from './group-tree';
import { DAY_MS, daysUntil, iso, warningAt } from './licence-state';
import { type LicenceEnv, licenceNotifications, projectPayloads } from './licence-store';

/**
 * Licence notices (section 3 `notifications`: isActive, mode, notifyBefore; 9: 14 days before,
 * every day): while the project's licence warning is `will_expire` (within notifyBefore days)
 * or `already_expired`, and while a group's restrict period ends within its notifyBefore days,
 * the people who manage licences get a notification and an e-mail, `once` per end, or again
 * every day, week or 30 days; `never` and an inactive setting send nothing. One end is one
 * episode (its status and instant), so a renewal's new end starts afresh.
 */
type NoticeCtx = Pick<AppContext, 'db' | 'realtime' | 'mailer' | 'config'>;

/** Whether the episode's notice is due at `now` under `mode`, by what went out last. */
async function isDue(
  db: Kysely<Database>,
  projectId: number,
  subject: string,
  episode: string,
  mode: LicenceNotifications['mode'],
  now: number,
) {
  if (mode === 'never') return false;
  const last = await db
    .selectFrom('licence_notices')
    .select('last_sent_at')
    .where('project_id', '=', projectId)
    .where('subject', '=', subject)
    .where('episode', '=', episode)
    .executeTakeFirst();
  if (!last) return true;
  const every = LICENCE_NOTICE_REPEAT_DAYS[mode];
  return every !== null && now - Date.parse(last.last_sent_at) >= every * DAY_MS;
}

async function record(db: Kysely<Database>, projectId: number, subject: string, episode: string, now: number) {
  const at = iso(now);
  const updated = await db
    .updateTable('licence_notices')
    .set((e) => ({ last_sent_at: at, sent_count: e('sent_count', '+', 1) }))
    .where('project_id', '=', projectId)
    .where('subject', '=', subject)
    .where('episode', '=', episode)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('licence_notices')
    .values({ project_id: projectId, subject, episode, last_sent_at: at, sent_count: 1 })
    .onConflict((oc) => oc.columns(['project_id', 'subject', 'episode']).doUpdateSet({ last_sent_at: at }))
    .execute();
}

interface Recipient {
  id: number;
  name: string;
  email: string | null;
  locale: string;
}

/** Members of the project whose role holds one of `permissions`; with `groups`, only members of one of them. */
async function recipients(
  db: Kysely<Database>,
  projectId: number,
  permissions: readonly Permission[],
  groups?: number[],
): Promise<Recipient[]> {
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'is_admin', 'permissions'])
    .where('project_id', '=', projectId)
    .execute();
  const roleIds = roles
    .filter((r) => permissions.some((p) => hasPermission(effectivePermissions(r), p)))
    .map((r) => r.id);
  if (roleIds.length === 0) return [];
  let q = db
    .selectFrom('memberships as ms')
    .innerJoin('users as u', 'u.id', 'ms.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.locale'])
    .where('ms.project_id', '=', projectId)
    .where('ms.role_id', 'in', roleIds)
    .where('u.deleted_at', 'is', null);
  if (groups) {
    if (groups.length === 0) return [];
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_domains as ud')
          .select('ud.user_id')
          .whereRef('ud.user_id', '=', 'u.id')
          .where('ud.domain_id', 'in', groups),
      ),
    );
  }
  return (await q.execute()).map((r) => ({ id: r.id, name: r.name, email: r.email, locale: r.locale ?? 'en' }));
}

async function send(
  ctx: NoticeCtx,
  projectId: number,
  people: Recipient[],
  kind: LicenceMailKind,
  data: { days: number; at: string; project: string; group?: string },
) {
  if (people.length === 0) return;
  await notify(ctx, {
    projectId,
    userIds: people.map((p) => p.id),
    type: kind,
    data: { days: data.days, at: data.at, name: data.project, ...(data.group ? { group: data.group } : {}) },
  });
  const link = `${ctx.config.publicUrl}${kind === 'group_licence_will_expire' ? '/groups' : '/licenses'}`;
  for (const person of people) {
    if (!person.email) continue;
    const mail = renderLicenceMail(kind, person.locale, {
      name: person.name,
      project: data.project,
      group: data.group ?? '',
      days: data.days,
      date: data.at.slice(0, 10),
      link,
    });
    await ctx.mailer.send({ to: person.email, subject: mail.subject, body: mail.body, kind, projectId });
  }
}

/** Sends the project's notices that are due at `now`; answers how many episodes were notified. */
export async function sendDueNotices(ctx: NoticeCtx, env: LicenceEnv, projectId: number, now: number): Promise<number> {
  let sent = 0;
  const project = await ctx.db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst();
  if (!project) return 0;
  const settings = await licenceNotifications(ctx.db, projectId);
  if (settings.isActive) {
    const warning = warningAt(await projectPayloads(env, projectId), now, settings.notifyBefore);
    if ((warning.status === 'will_expire' || warning.status === 'already_expired') && warning.at !== null) {
      const episode = `${warning.status}:${warning.at}`;
      if (await isDue(ctx.db, projectId, 'project', episode, settings.mode, now)) {
        const kind = warning.status === 'will_expire' ? 'licence_will_expire' : 'licence_expired';
        const people = await recipients(ctx.db, projectId, ['licences.manage']);
        await send(ctx, projectId, people, kind, { days: warning.days ?? 0, at: warning.at, project: project.name });
        await record(ctx.db, projectId, 'project', episode, now);
        sent++;
      }
    }
  }
  const tree = await loadLicenceTree(ctx.db, projectId);
  for (const g of tree.groups.values()) {
    const s = g.settings;
    if (!s?.notifications.isActive || !s.restrictPeriod.is_active) continue;
    const from = s.restrictPeriod.from * 1000;
    const to = s.restrictPeriod.to * 1000;
    if (now < from || now >= to || to - now > s.notifications.notifyBefore * DAY_MS) continue;
    const subject = `group:${g.id}`;
    const episode = `group_will_expire:${iso(to)}`;
    if (!(await isDue(ctx.db, projectId, subject, episode, s.notifications.mode, now))) continue;
    const above = tree.chain(g.id).map((a) => a.id);
    const people = await recipients(ctx.db, projectId, ['licences.manage', 'licences.edit_group_counts'], above);
    await send(ctx, projectId, people, 'group_licence_will_expire', {
      days: daysUntil(now, to),
      at: iso(to),
      project: project.name,
      group: g.name,
    });
    await record(ctx.db, projectId, subject, episode, now);
    sent++;
  }
  return sent;
}
