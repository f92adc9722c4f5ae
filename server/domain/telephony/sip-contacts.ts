import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import type { CallInfo, Contact } from '../../../src/contract/entities/sip-number';
import { SIP_NUMBER_PURPOSES } from '../../../src/contract/entities/sip-number';
import { hasPermission } from '../../../src/contract/permissions';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { effectivePermissions } from '../auth/effective-permissions';
import { itemNotFound } from '../errors';
import { areResidentPhonebooksAllowed } from '../project/sip-settings';
import { holderInGroup } from './sip-numbers';

/**
 * The telephony directory: who a user may call (the dialer's contacts), who
 * holds a number (call cards), and the user's own number (the softphone).
 *
 * Contacts (docs/decisions.md): active numbers that have a holder, except the
 * caller's own, reached by
 * - calls.call_all: every such number of the project;
 * - calls.call_descendants: holders in the caller's groups or below them;
 * - calls.call_domain: holders in the caller's groups;
 * - calls.call_panel: door panels (device numbers) in, above or below the caller's groups;
 * - everyone: the master and concierge numbers of the caller's groups and the groups above them
 *   (a concierge number of no group serves the whole project), and the numbers of users holding concierge.reception there (a resident can always reach the
 *   concierge);
 * - everyone in a group whose resident phonebook is on: the other members' numbers.
 */
type Group = { id: number; lft: number; rgt: number; settings: string };

/** Who places the call: the parts of {@link Auth} the directory needs. */
type Caller = Pick<Auth, 'userId' | 'projectId'> & { role: Pick<Auth['role'], 'permissions'> };

async function ownGroups(db: Kysely<Database>, auth: Caller): Promise<Group[]> {
  return db
    .selectFrom('user_domains as ud')
    .innerJoin('domains as d', 'd.id', 'ud.domain_id')
    .select(['d.id', 'd.lft', 'd.rgt', 'd.settings'])
    .where('ud.user_id', '=', auth.userId)
    .where('d.project_id', '=', auth.projectId)
    .execute();
}

/** The holder of `n` is a reception user (non-admin role granting concierge.reception) of the project. */
const receptionHolder = (projectId: number) => sql<SqlBool>`exists (select 1 from memberships rm
  inner join roles rr on rr.id = rm.role_id
  where rm.user_id = n.user_id and rm.project_id = ${projectId} and rr.is_admin = 0
  and rr.permissions like ${'%"concierge.reception"%'})`;

const PhonebookSchema = v.looseObject({ is_resident_phonebook_enabled: v.optional(v.boolean(), false) });

function reachable(auth: Caller, groups: Group[], phonebooksAllowed: boolean): Expression<SqlBool>[] {
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(auth.role.permissions, p);
  if (can('calls.call_all')) return [sql<SqlBool>`1 = 1`];
  if (groups.length === 0) return [];
  const ids = sql.join(groups.map((g) => g.id));
  const within = (alias: string) =>
    sql.join(
      groups.map((g) => sql`(${sql.ref(`${alias}.lft`)} >= ${g.lft} and ${sql.ref(`${alias}.rgt`)} <= ${g.rgt})`),
      sql` or `,
    );
  const above = (alias: string) =>
    sql.join(
      groups.map((g) => sql`(${sql.ref(`${alias}.lft`)} <= ${g.lft} and ${sql.ref(`${alias}.rgt`)} >= ${g.rgt})`),
      sql` or `,
    );
  const inProject = sql`g.project_id = ${auth.projectId}`;
  const parts: Expression<SqlBool>[] = [
    sql<SqlBool>`(n.purpose in (${sql.join([...SIP_NUMBER_PURPOSES])}) and (n.domain_id is null or exists (
      select 1 from domains g where ${inProject} and g.id = n.domain_id and (${above('g')}))))`,
    sql<SqlBool>`(n.user_id is not null and ${receptionHolder(auth.projectId)} and exists (
      select 1 from user_domains rud inner join domains g on g.id = rud.domain_id
      where rud.user_id = n.user_id and ${inProject} and (${above('g')})))`,
  ];
  if (can('calls.call_descendants')) {
    parts.push(sql<SqlBool>`exists (select 1 from domains g where ${inProject} and (${within('g')})
      and ${holderInGroup('g')})`);
  } else if (can('calls.call_domain')) {
    parts.push(sql<SqlBool>`exists (select 1 from domains g where g.id in (${ids}) and ${holderInGroup('g')})`);
  }
  if (can('calls.call_panel')) {
    parts.push(sql<SqlBool>`(n.device_id is not null and exists (select 1 from domains g
      where ${inProject} and g.id = dv.domain_id and ((${within('g')}) or (${above('g')}))))`);
  }
  // The project's SIP settings may switch every group's phonebook off at once.
  const phonebooks = groups.filter(
    (g) =>
      phonebooksAllowed &&
      readJson(g.settings, PhonebookSchema, { is_resident_phonebook_enabled: false }).is_resident_phonebook_enabled,
  );
  if (phonebooks.length > 0) {
    parts.push(sql<SqlBool>`exists (select 1 from user_domains pud where pud.user_id = n.user_id
      and pud.domain_id in (${sql.join(phonebooks.map((g) => g.id))}))`);
  }
  return parts;
}

export async function listContacts(db: Kysely<Database>, auth: Auth): Promise<Contact[]> {
  const parts = reachable(auth, await ownGroups(db, auth), await areResidentPhonebooksAllowed(db, auth.projectId));
  if (parts.length === 0) return [];
  const rows = await db
    .selectFrom('sip_numbers as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('devices as dv', 'dv.id', 'n.device_id')
    .leftJoin('domains as d', 'd.id', 'n.domain_id')
    .leftJoin('domains as dd', 'dd.id', 'dv.domain_id')
    .select([
      'n.id',
      'n.number',
      'n.name',
      'n.user_id',
      'u.name as user_name',
      'u.description as user_description',
      'dv.name as device_name',
      'dd.name as device_domain_name',
      'd.name as domain_name',
    ])
    .where('n.project_id', '=', auth.projectId)
    .where('n.is_active', '=', 1)
    .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '<>', auth.userId)]))
    .where(
      sql<SqlBool>`(n.user_id is not null or n.device_id is not null or n.domain_id is not null or n.purpose is not null)`,
    )
    .where(sql<SqlBool>`(${sql.join(parts, sql` or `)})`)
    .execute();
  const userIds = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
  const memberships =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('user_domains as ud')
          .innerJoin('domains as g', 'g.id', 'ud.domain_id')
          .select(['ud.user_id', 'g.name'])
          .where('ud.user_id', 'in', userIds)
          .where('g.project_id', '=', auth.projectId)
          .orderBy('g.lft')
          .execute();
  const contacts = rows.map((r) => {
    const groupsOfUser = memberships.filter((m) => m.user_id === r.user_id).map((m) => m.name);
    return {
      id: r.id,
      name: r.name ?? r.user_name ?? r.device_name ?? r.domain_name ?? r.number,
      number: r.number,
      user:
        r.user_id === null ? null : { id: r.user_id, name: r.user_name ?? '', description: r.user_description ?? null },
      title:
        r.user_id !== null
          ? groupsOfUser.join(', ') || null
          : r.device_name !== null
            ? [r.device_name, r.device_domain_name].filter(Boolean).join(' · ')
            : r.domain_name,
    };
  });
  return contacts.sort((a, b) => a.name.localeCompare(b.name) || a.number.localeCompare(b.number));
}

/**
 * Whether the user `userId` may call `number` in `projectId` by the calls.* permissions: the
 * number is among their contacts. The SIP proxy asks this for every call a user's number places.
 */
export async function mayCall(
  db: Kysely<Database>,
  caller: { userId: number; projectId: number },
  number: string,
): Promise<boolean> {
  const role = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['r.is_admin', 'r.permissions'])
    .where('m.user_id', '=', caller.userId)
    .where('m.project_id', '=', caller.projectId)
    .executeTakeFirst();
  if (!role) return false;
  const auth: Caller = { ...caller, role: { permissions: effectivePermissions(role) } };
  const parts = reachable(auth, await ownGroups(db, auth), await areResidentPhonebooksAllowed(db, auth.projectId));
  if (parts.length === 0) return false;
  const row = await db
    .selectFrom('sip_numbers as n')
    .leftJoin('devices as dv', 'dv.id', 'n.device_id')
    .select('n.id')
    .where('n.project_id', '=', caller.projectId)
    .where('n.number', '=', number)
    .where(sql<SqlBool>`(${sql.join(parts, sql` or `)})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** A group's place as a path of names, without the project's root unless it is the group itself. */
export async function groupPath(db: Kysely<Database>, groupId: number): Promise<string | null> {
  const rows = await db
    .selectFrom('domains as g')
    .innerJoin('domains as a', (j) =>
      j.onRef('a.project_id', '=', 'g.project_id').onRef('a.lft', '<=', 'g.lft').onRef('a.rgt', '>=', 'g.rgt'),
    )
    .select(['a.name', 'a.parent_id'])
    .where('g.id', '=', groupId)
    .orderBy('a.lft')
    .execute();
  const names = rows.length > 1 ? rows.filter((r) => r.parent_id !== null) : rows;
  return names.length === 0 ? null : names.map((r) => r.name).join(' / ');
}

/**
 * Whether the caller may learn who holds `number` (directory privacy): a number
 * they may call (the contacts rule), or one that took part in a call with one
 * of their numbers (the card of a call they received). Anything else is, for
 * them, no number at all: the numbering plan cannot be walked to list the building.
 */
async function mayKnow(db: Kysely<Database>, auth: Auth, number: string): Promise<boolean> {
  if (await mayCall(db, auth, number)) return true;
  const own = db
    .selectFrom('sip_numbers')
    .select('number')
    .where('user_id', '=', auth.userId)
    .where('project_id', '=', auth.projectId);
  const call = await db
    .selectFrom('call_history as h')
    .select('h.id')
    .where('h.project_id', '=', auth.projectId)
    .where((eb) =>
      eb.or([
        eb.and([eb('h.from_number', '=', number), eb('h.to_number', 'in', own)]),
        eb.and([eb('h.to_number', '=', number), eb('h.from_number', 'in', own)]),
      ]),
    )
    .executeTakeFirst();
  return call !== undefined;
}

/** Who holds `number` in the caller's project (404 when it is not the project's, or not the caller's to know). */
export async function callInfo(db: Kysely<Database>, auth: Auth, number: string): Promise<CallInfo> {
  if (!(await mayKnow(db, auth, number))) throw itemNotFound();
  const row = await db
    .selectFrom('sip_numbers as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('devices as dv', 'dv.id', 'n.device_id')
    .leftJoin('domains as d', 'd.id', 'n.domain_id')
    .select([
      'n.id',
      'n.number',
      'n.name',
      'n.is_active',
      'n.purpose',
      'n.user_id',
      'u.name as user_name',
      'u.profile_address',
      'n.device_id',
      'dv.name as device_name',
      'dv.domain_id as device_domain_id',
      'n.domain_id',
      'd.name as domain_name',
    ])
    .where('n.project_id', '=', auth.projectId)
    .where('n.number', '=', number)
    .executeTakeFirst();
  if (!row) throw itemNotFound();
  let place = row.domain_id ?? row.device_domain_id;
  if (place === null && row.user_id !== null) {
    const first = await db
      .selectFrom('user_domains as ud')
      .innerJoin('domains as g', 'g.id', 'ud.domain_id')
      .select('g.id')
      .where('ud.user_id', '=', row.user_id)
      .where('g.project_id', '=', auth.projectId)
      .orderBy('g.lft', 'desc')
      .executeTakeFirst();
    place = first?.id ?? null;
  }
  const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    is_active: row.is_active === 1,
    purpose: (SIP_NUMBER_PURPOSES as readonly string[]).includes(row.purpose ?? '')
      ? (row.purpose as CallInfo['purpose'])
      : null,
    user: ref(row.user_id, row.user_name),
    device: ref(row.device_id, row.device_name),
    domain: ref(row.domain_id, row.domain_name),
    address: row.profile_address ?? (place === null ? null : await groupPath(db, place)),
  };
}

/**
 * The user's own active number in the project, for the softphone (GET /profile):
 * the one chosen in the profile when it is theirs and active, else their first
 * active number. Null when the project has no SIP licence.
 */
export async function ownSipNumber(
  db: Kysely<Database>,
  auth: Auth,
  chosenId: number | null,
): Promise<{ id: number; number: string; name: string | null; password: string } | null> {
  const rows = await db
    .selectFrom('sip_numbers as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.number', 'n.name', 'n.password', 'u.name as user_name'])
    .where('n.project_id', '=', auth.projectId)
    .where('n.user_id', '=', auth.userId)
    .where('n.is_active', '=', 1)
    .orderBy('n.id')
    .execute();
  const row = rows.find((r) => r.id === chosenId) ?? rows[0];
  if (!row) return null;
  // The display name the softphone registers with: the number's, else its user's.
  return { id: row.id, number: row.number, name: row.name ?? row.user_name, password: row.password };
}
