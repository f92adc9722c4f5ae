import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { isoIn, nowIso } from '../clock';
import { DomainError, refused } from '../errors';
import { groupsOfUsers, mailComposer, mailProjectOf, outgoing, sendTemplatedMail } from '../mail/compose';
import { projectLocale, projectPublicUrl } from '../project/settings';

/**
 * One-time codes sent by mail: invitations (set the first password, 7 days)
 * and password recovery (1 hour). Only a SHA-256 of a code is stored; a code
 * works once, and a new code of the same kind replaces the older ones.
 */
const LIFETIME = { invitation: 7 * 86_400, recovery: 3_600 } as const;
type CodeKind = keyof typeof LIFETIME;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

async function issueCode(db: Kysely<Database>, kind: CodeKind, userId: number, projectId: number | null) {
  const code = randomBytes(24).toString('base64url');
  const now = nowIso();
  await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('one_time_codes')
    .values({
      code_hash: hashOf(code),
      kind,
      user_id: userId,
      project_id: projectId,
      expires_at: isoIn(LIFETIME[kind]),
      created_at: now,
    })
    .execute();
  return code;
}

/** The live code row, or the error of the kind: unknown invitation / outdated recovery link. */
async function liveCode(db: Kysely<Database>, kind: CodeKind, code: string) {
  const row = await db
    .selectFrom('one_time_codes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('projects as p', 'p.id', 'c.project_id')
    .select(['c.id', 'c.user_id', 'c.expires_at', 'c.used_at', 'u.login', 'u.name', 'u.email', 'p.name as project'])
    .where('c.code_hash', '=', hashOf(code))
    .where('c.kind', '=', kind)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= nowIso()) {
    throw kind === 'invitation'
      ? new DomainError('not_found', { message: ERROR_CODES.inviteCodeNotFound })
      : refused(ERROR_CODES.verificationLinkOutdated);
  }
  return row;
}

/**
 * Sends the registration link to a user of a project (users created with
 * send_registration_link, or the invite/send call). Users without an e-mail
 * cannot be invited.
 */
export async function sendRegistrationLink(
  ctx: AppContext,
  { userId, projectId }: { userId: number; projectId: number },
) {
  const user = await ctx.db
    .selectFrom('users as u')
    .innerJoin('memberships as ms', (j) => j.onRef('ms.user_id', '=', 'u.id').on('ms.project_id', '=', projectId))
    .innerJoin('projects as p', 'p.id', 'ms.project_id')
    .select(['u.id', 'u.login', 'u.name', 'u.email', 'u.locale'])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user?.email) throw refused(ERROR_CODES.cannotInviteUser);
  const code = await issueCode(ctx.db, 'invitation', user.id, projectId);
  await ctx.db.updateTable('users').set({ send_registration_link: 1 }).where('id', '=', user.id).execute();
  const url = await projectPublicUrl(ctx.db, ctx.config, projectId);
  await sendTemplatedMail(ctx, {
    to: user.email,
    type: 'invitation',
    projectId,
    userId: user.id,
    locale: user.locale,
    values: { name: user.name, login: user.login, link: `${url}/registration/${code}` },
  });
}

/** A user just created by an import, to be invited. */
export interface NewInvitee {
  id: number;
  name: string;
  email: string;
  row: number;
  /** The login, when the mail may say it. */
  login?: string;
}

/**
 * The invitation codes of users just created together (a structure import), written by
 * multi-row inserts on `db` — the transaction that creates the users, so they and their
 * codes are one commit (new users have no older code to replace). Answers the codes, in
 * the order of `users`, for `mailInvitations` once that transaction is committed.
 */
export async function insertInvitationCodes(
  db: Kysely<Database>,
  projectId: number,
  users: NewInvitee[],
): Promise<string[]> {
  const now = nowIso();
  const expires = isoIn(LIFETIME.invitation);
  const codes = users.map(() => randomBytes(24).toString('base64url'));
  const CHUNK = 500;
  for (let i = 0; i < users.length; i += CHUNK) {
    await db
      .insertInto('one_time_codes')
      .values(
        users.slice(i, i + CHUNK).map((u, k) => ({
          code_hash: hashOf(codes[i + k]!),
          kind: 'invitation' as const,
          user_id: u.id,
          project_id: projectId,
          expires_at: expires,
          created_at: now,
        })),
      )
      .execute();
  }
  return codes;
}

/**
 * The invitation mails of `insertInvitationCodes`, in the new users' default locale,
 * through the outbox in a few multi-row inserts. Answers the rows whose mail failed.
 */
export async function mailInvitations(
  ctx: AppContext,
  projectId: number,
  users: NewInvitee[],
  codes: string[],
): Promise<number[]> {
  if (users.length === 0) return [];
  // New users speak the project's language; each gets the template of their group.
  const composer = await mailComposer(ctx.db, ctx.config, projectId, 'invitation');
  const locale = await projectLocale(ctx.db, projectId);
  const groups = await groupsOfUsers(
    ctx.db,
    projectId,
    users.map((u) => u.id),
  );
  const mails = [];
  for (const [k, user] of users.entries()) {
    const mail = await composer.compose({
      groups: groups.get(user.id) ?? [],
      locale,
      values: { name: user.name, login: user.login ?? '', link: `${composer.url}/registration/${codes[k]}` },
    });
    mails.push(outgoing(user.email, 'invitation', projectId, mail));
  }
  const unwritten = await ctx.mailer.sendMany(mails);
  return unwritten.map((k) => users[k]!.row);
}

/** GET registration by token: who is being registered. */
export async function invitationInfo(db: Kysely<Database>, token: string) {
  const row = await liveCode(db, 'invitation', token);
  return { login: row.login, name: row.name, email: row.email, project: row.project ?? '' };
}

/** POST registration by token: sets the password, activates the account, spends the code. */
export async function acceptInvitation(db: Kysely<Database>, token: string, password: string) {
  const row = await liveCode(db, 'invitation', token);
  const password_hash = await hashPassword(password);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        password_hash,
        activated_at: sql`coalesce(activated_at, ${now})` as never,
        send_registration_link: 0,
        updated_at: now,
      })
      .where('id', '=', row.user_id)
      .execute();
    await trx.updateTable('one_time_codes').set({ used_at: now }).where('id', '=', row.id).execute();
  });
  return { login: row.login };
}

/**
 * POST password recovery: mails a reset link when the e-mail belongs to an
 * account. The answer is the same either way, so the call does not reveal
 * which addresses have accounts.
 */
export async function requestRecovery(ctx: AppContext, email: string) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'login', 'name', 'email', 'locale'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user?.email) return;
  const code = await issueCode(ctx.db, 'recovery', user.id, null);
  // An account may be in several projects: its oldest one speaks (templates, white label, SMTP).
  const projectId = await mailProjectOf(ctx.db, user.id);
  const url = await projectPublicUrl(ctx.db, ctx.config, projectId);
  await sendTemplatedMail(ctx, {
    to: user.email,
    type: 'recovery',
    projectId,
    userId: user.id,
    locale: user.locale,
    values: { name: user.name, login: user.login, link: `${url}/password/reset/${code}` },
  });
}

/**
 * POST password reset: a live recovery code sets a new password and ends every
 * session of the account. Answers the account's id (its open sockets close too).
 */
export async function resetPassword(db: Kysely<Database>, code: string, password: string): Promise<number> {
  const row = await liveCode(db, 'recovery', code);
  const password_hash = await hashPassword(password);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash, updated_at: now }).where('id', '=', row.user_id).execute();
    await trx.updateTable('one_time_codes').set({ used_at: now }).where('id', '=', row.id).execute();
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', row.user_id)
      .where('revoked_at', 'is', null)
      .execute();
  });
  return row.user_id;
}
