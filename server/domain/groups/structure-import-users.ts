import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { DomainError, invalidData } from '../errors';
import { insertInvitationCodes, mailInvitations, type NewInvitee } from '../users/invitations';
import { assertRelated } from '../users/users';

/**
 * The new users of a structure import, written in batches (docs/decisions.md, Users):
 * existing accounts and taken logins and e-mails are read for the whole file in a few
 * indexed queries, each row is decided in memory in file order (its own error, as
 * before), and the new users go in by transactions of BATCH rows with their
 * memberships, groups and invitation codes; the invitation mails follow each batch.
 */
const BATCH = 1000;
const LOOKUP_CHUNK = 500;
/** Users per INSERT statement (13 values each: under SQLite's and PostgreSQL's parameter limits). */
const INSERT_ROWS = 200;

export interface NewUser {
  row: number;
  login: string;
  name: string;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  groupId: number;
}

interface Known {
  id: number;
  login: string;
  email: string | null;
  deleted: boolean;
  member: boolean;
}

/** Accounts whose login or e-mail, in any case, is one of these (the file's), with their membership. */
export async function knownAccounts(
  db: Kysely<Database>,
  projectId: number,
  logins: string[],
  emails: string[],
): Promise<Known[]> {
  const found = new Map<number, Known>();
  const read = async (column: 'login' | 'email', values: string[]) => {
    const unique = [...new Set(values.map((value) => value.toLowerCase()))];
    for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
      const rows = await db
        .selectFrom('users')
        .leftJoin('memberships', (j) =>
          j.onRef('memberships.user_id', '=', 'users.id').on('memberships.project_id', '=', projectId),
        )
        .select(['users.id', 'users.login', 'users.email', 'users.deleted_at', 'memberships.user_id as member'])
        .where((eb) => eb(eb.fn('lower', [`users.${column}`]), 'in', unique.slice(i, i + LOOKUP_CHUNK)))
        .execute();
      // Hundreds of lookups for a long file: other requests run between them.
      await new Promise((resolve) => setImmediate(resolve));
      for (const r of rows) {
        found.set(r.id, {
          id: r.id,
          login: r.login,
          email: r.email,
          deleted: r.deleted_at !== null,
          member: r.member !== null,
        });
      }
    }
  };
  await read('login', logins);
  await read('email', emails);
  return [...found.values()];
}

/** Lookups by exact value (the existing-account rule) and by lower case (uniqueness). */
export class AccountIndex {
  private readonly exactLogin = new Map<string, Known>();
  private readonly exactEmail = new Map<string, Known>();
  private readonly takenLogin = new Set<string>();
  private readonly takenEmail = new Set<string>();

  constructor(accounts: Known[]) {
    for (const account of accounts) this.add(account);
  }

  add(account: Known) {
    this.takenLogin.add(account.login.toLowerCase());
    if (account.email) this.takenEmail.add(account.email.toLowerCase());
    if (account.deleted) return;
    if (!this.exactLogin.has(account.login)) this.exactLogin.set(account.login, account);
    if (account.email && !this.exactEmail.has(account.email)) this.exactEmail.set(account.email, account);
  }

  /** A live account with this login or e-mail, exactly: the row attaches it. */
  existing(login: string, email: string | null): Known | undefined {
    return this.exactLogin.get(login) ?? (email ? this.exactEmail.get(email) : undefined);
  }

  /** Login and e-mail are unique across accounts in any case, deleted ones included (as assertUnique). */
  uniqueness(login: string, email: string | null): DomainError | null {
    const errors: Record<string, { code: string }> = {};
    if (this.takenLogin.has(login.toLowerCase())) errors.login = { code: 'not_unique' };
    if (email && this.takenEmail.has(email.toLowerCase())) errors.email = { code: 'not_unique' };
    return Object.keys(errors).length > 0 ? invalidData(errors) : null;
  }
}

/** Whether the caller may put users in this group (the check createUser makes), asked once per group. */
export function groupCheck(db: Kysely<Database>, auth: Auth) {
  const checked = new Map<number, Promise<DomainError | null>>();
  return (groupId: number) => {
    let answer = checked.get(groupId);
    if (!answer) {
      answer = assertRelated(db, auth, [groupId], []).then(
        () => null,
        (error: unknown) => {
          if (error instanceof DomainError) return error;
          throw error;
        },
      );
      checked.set(groupId, answer);
    }
    return answer;
  };
}

/**
 * Writes new users (already checked) in one transaction per BATCH: the accounts, their
 * membership with `roleId`, their group, and an invitation code for those with an e-mail;
 * then mails the invitations. Answers the new ids in the order given, and the rows whose
 * invitation could not be mailed.
 */
export async function writeNewUsers(
  ctx: AppContext,
  auth: Auth,
  roleId: number,
  users: NewUser[],
): Promise<{ ids: number[]; notInvited: number[] }> {
  if (users.length === 0) return { ids: [], notInvited: [] };
  const now = nowIso();
  const ids: number[] = [];
  const invited: NewInvitee[] = [];
  const codes: string[] = [];
  for (let i = 0; i < users.length; i += BATCH) {
    const chunk = users.slice(i, i + BATCH);
    const written = await ctx.db.transaction().execute(async (trx) => {
      const done = { ids: [] as number[], invited: [] as NewInvitee[], codes: [] as string[] };
      for (let j = 0; j < chunk.length; j += INSERT_ROWS) {
        const part = chunk.slice(j, j + INSERT_ROWS);
        const rows = await trx
          .insertInto('users')
          .values(
            part.map((u) => ({
              login: u.login,
              name: u.name,
              email: u.email,
              firstname: u.firstname,
              lastname: u.lastname,
              phone: u.phone,
              password_hash: null,
              // New users are invited (2.5); one without an e-mail is invited later.
              send_registration_link: 1,
              activated_at: null,
              created_by_user_id: auth.userId,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning(['id', 'login'])
          .execute();
        // RETURNING promises no order: each id is found by its login (unique in the batch).
        const byLogin = new Map(rows.map((r) => [r.login, r.id]));
        const created = part.map((u) => byLogin.get(u.login)!);
        await trx
          .insertInto('memberships')
          .values(created.map((user_id) => ({ user_id, project_id: auth.projectId, role_id: roleId, created_at: now })))
          .execute();
        await trx
          .insertInto('user_domains')
          .values(created.map((user_id, k) => ({ user_id, domain_id: part[k]!.groupId })))
          .execute();
        const invitees = part.flatMap((u, k) =>
          u.email ? [{ id: created[k]!, name: u.name, email: u.email, row: u.row, login: u.login }] : [],
        );
        done.codes.push(...(await insertInvitationCodes(trx, auth.projectId, invitees)));
        done.invited.push(...invitees);
        done.ids.push(...created);
        // Each part's work is short; the event loop turns between parts (other queries wait for the commit).
        await new Promise((resolve) => setImmediate(resolve));
      }
      return done;
    });
    ids.push(...written.ids);
    invited.push(...written.invited);
    codes.push(...written.codes);
    // A long file must not hold the event loop: other requests run between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const notInvited = await mailInvitations(ctx, auth.projectId, invited, codes);
  return { ids, notInvited };
}
