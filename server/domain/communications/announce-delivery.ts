import { randomBytes } from 'node:crypto';
import { type SqlBool, sql } from 'kysely';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import { DomainError, refused } from '../errors';
import { groupsOfUsers, mailComposer, outgoing } from '../mail/compose';
import { notify } from '../notifications/notifications';

/**
 * Starting and stopping announces (section 4). Starting delivers: every member
 * of the project among the announce's users and the users of its groups (and
 * of the groups below them) gets a token, an "announce received" notification
 * carrying it, and an e-mail when the announce is sent by e-mail. The author
 * hears "announce status changed" on every start and stop. The claim is one
 * conditional UPDATE, so two server nodes (or the scheduler and a person)
 * never deliver the same start twice.
 */

const cannotPerform = () => refused(ERROR_CODES.cannotPerformAction);

interface AnnounceRow {
  id: number;
  project_id: number;
  name: string;
  subject: string;
  body: string;
  type: string;
  status: string;
  send_via: string;
  use_owner_info: number;
  created_by_user_id: number | null;
}

async function readRow(ctx: AppContext, id: number): Promise<AnnounceRow> {
  return ctx.db
    .selectFrom('announces')
    .select([
      'id',
      'project_id',
      'name',
      'subject',
      'body',
      'type',
      'status',
      'send_via',
      'use_owner_info',
      'created_by_user_id',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Members the announce reaches now: its users, and the users of its groups and the groups below them. */
async function audience(ctx: AppContext, announce: AnnounceRow) {
  const reached = sql<SqlBool>`(u.id in (select au.user_id from announce_users au where au.announce_id = ${announce.id})
    or exists (select 1 from user_domains ud
      inner join domains d on d.id = ud.domain_id
      inner join domains g on g.project_id = d.project_id and d.lft >= g.lft and d.rgt <= g.rgt
      inner join announce_domains ad on ad.domain_id = g.id
      where ud.user_id = u.id and ad.announce_id = ${announce.id} and d.project_id = ${announce.project_id}))`;
  return ctx.db
    .selectFrom('users as u')
    .innerJoin('memberships as ms', 'ms.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.email', 'u.locale'])
    .where('ms.project_id', '=', announce.project_id)
    .where('u.deleted_at', 'is', null)
    .where(reached)
    .execute();
}

/** Delivers to the users not reached by an earlier start; answers how many were new. */
async function deliver(ctx: AppContext, announce: AnnounceRow, now: string): Promise<number> {
  const people = await audience(ctx, announce);
  const known = new Set(
    (
      await ctx.db.selectFrom('announce_recipients').select('user_id').where('announce_id', '=', announce.id).execute()
    ).map((r) => r.user_id),
  );
  const fresh = people.filter((p) => !known.has(p.id)).map((p) => ({ ...p, token: randomBytes(16).toString('hex') }));
  if (fresh.length === 0) return 0;
  await ctx.db
    .insertInto('announce_recipients')
    .values(fresh.map((p) => ({ announce_id: announce.id, user_id: p.id, token: p.token, delivered_at: now })))
    .execute();

  const owner =
    announce.use_owner_info === 1 && announce.created_by_user_id
      ? await ctx.db
          .selectFrom('users')
          .select(['name', 'email'])
          .where('id', '=', announce.created_by_user_id)
          .executeTakeFirst()
      : undefined;
  const { name: projectName } = await ctx.db
    .selectFrom('projects')
    .select('name')
    .where('id', '=', announce.project_id)
    .executeTakeFirstOrThrow();
  const byMail = announce.send_via === 'email' ? fresh.filter((p) => p.email) : [];
  // Each recipient's mail takes the template of their group (7.6); the composer reads the templates once.
  const composer = byMail.length > 0 ? await mailComposer(ctx.db, ctx.config, announce.project_id, 'announce') : null;
  const groups =
    byMail.length > 0
      ? await groupsOfUsers(
          ctx.db,
          announce.project_id,
          byMail.map((p) => p.id),
        )
      : new Map();
  for (const person of fresh) {
    // Each recipient's notification carries their own token, so it is one call per person.
    await notify(ctx, {
      projectId: announce.project_id,
      userIds: [person.id],
      type: 'announce_received',
      data: {
        token: person.token,
        announce_id: announce.id,
        name: announce.name,
        subject: announce.subject,
        // The author's name only when the announce shows owner info; otherwise the project speaks.
        author: owner?.name ?? projectName,
      },
    });
    if (composer && person.email) {
      const mail = await composer.compose({
        groups: groups.get(person.id) ?? [],
        locale: person.locale,
        values: {
          name: person.name,
          subject: announce.subject,
          body: announce.body,
          author: owner?.name ?? '',
          author_email: owner?.email ?? '',
          is_poll: announce.type === 'poll' ? 'yes' : '',
          link: `${composer.url}/announce/${person.token}`,
        },
      });
      await ctx.mailer.send(outgoing(person.email, 'announce', announce.project_id, mail));
    }
  }
  return fresh.length;
}

async function reportStatus(ctx: AppContext, announce: AnnounceRow, status: 'started' | 'stopped') {
  if (!announce.created_by_user_id) return;
  await notify(ctx, {
    projectId: announce.project_id,
    userIds: [announce.created_by_user_id],
    type: 'announce_status_changed',
    data: { announce_id: announce.id, name: announce.name, status },
  });
}

/** Starts a new or stopped announce (by a person or the scheduler) and delivers it. */
export async function startAnnounce(ctx: AppContext, id: number, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  const claimed = await ctx.db
    .updateTable('announces')
    .set({ status: 'started', started_at: at, stopped_at: null, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['new', 'stopped'])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw cannotPerform();
  const announce = await readRow(ctx, id);
  await deliver(ctx, announce, at);
  await reportStatus(ctx, announce, 'started');
}

/** Stops a started announce: its poll no longer takes answers. */
export async function stopAnnounce(ctx: AppContext, id: number, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  const claimed = await ctx.db
    .updateTable('announces')
    .set({ status: 'stopped', stopped_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'started')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw cannotPerform();
  await reportStatus(ctx, await readRow(ctx, id), 'stopped');
}

/**
 * Starts every new announce whose execute_at has come. A start that another
 * node won, or that failed, does not stop the others. Answers the ids started here.
 */
export async function startDueAnnounces(
  ctx: AppContext,
  now: Date,
  onError: (id: number, error: unknown) => void,
): Promise<number[]> {
  const due = await ctx.db
    .selectFrom('announces')
    .select('id')
    .where('status', '=', 'new')
    .where('execute_at', 'is not', null)
    .where('execute_at', '<=', now.toISOString())
    .orderBy('execute_at')
    .limit(100)
    .execute();
  const started: number[] = [];
  for (const { id } of due) {
    try {
      await startAnnounce(ctx, id, now);
      started.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) onError(id, error);
    }
  }
  return started;
}
