import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { SipNumber } from '../../../src/contract/entities/sip-number';
import { FORWARD_MODES, SIP_NUMBER_PURPOSES } from '../../../src/contract/entities/sip-number';
import { hasPermission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';

/**
 * Virtual SIP numbers of a project (section 3, 6.2). Scopes, applied in SQL:
 * - sip_numbers.view_all: every number of the project;
 * - sip_numbers.view_descendants: numbers whose holder (user, device or group)
 *   sits in one of the caller's groups or below them;
 * - sip_numbers.view: numbers whose holder sits in one of the caller's groups;
 * - always: the caller's own numbers and the ones they created (6.1).
 * A user's number sits in the user's groups, a device's in the device's group,
 * a group's number in that group.
 */
export function scopedSipNumbers(db: Kysely<Database>, auth: Auth) {
  let q = db
    .selectFrom('sip_numbers as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('devices as dv', 'dv.id', 'n.device_id')
    .leftJoin('domains as d', 'd.id', 'n.domain_id')
    .where('n.project_id', '=', auth.projectId);
  if (!hasPermission(auth.role.permissions, 'sip_numbers.view_all')) q = q.where(sipNumberViewScope(auth));
  return q;
}

/** The holder of number `n` sits in group `g` (SQL over the aliases `n` and `dv` of the scoped query). */
export const holderInGroup = (group: string) => sql<SqlBool>`(${sql.ref(`${group}.id`)} = n.domain_id
  or ${sql.ref(`${group}.id`)} = dv.domain_id
  or exists (select 1 from user_domains hud where hud.user_id = n.user_id and hud.domain_id = ${sql.ref(`${group}.id`)}))`;

function sipNumberViewScope(auth: Auth): Expression<SqlBool> {
  return sql<SqlBool>`(${holderWithinReach(auth)} or n.created_by_user_id = ${auth.userId})`;
}

/**
 * The holder of `n` is the caller, or sits where the caller's view scope
 * reaches (own groups; and below them with view_descendants). Writers may only
 * hand numbers to such holders (or leave them free).
 */
export function holderWithinReach(auth: Auth): Expression<SqlBool> {
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(auth.role.permissions, p);
  if (can('sip_numbers.view_all')) return sql<SqlBool>`1 = 1`;
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`n.user_id = ${auth.userId}`];
  const mine = sql`select m.id, m.lft, m.rgt from user_domains mud
    inner join domains m on m.id = mud.domain_id
    where mud.user_id = ${auth.userId} and m.project_id = ${auth.projectId}`;
  if (can('sip_numbers.view_descendants')) {
    parts.push(sql<SqlBool>`exists (select 1 from domains g inner join (${mine}) mg
      on g.lft >= mg.lft and g.rgt <= mg.rgt
      where g.project_id = ${auth.projectId} and ${holderInGroup('g')})`);
  } else if (can('sip_numbers.view')) {
    parts.push(sql<SqlBool>`exists (select 1 from domains g inner join (${mine}) mg on g.id = mg.id
      where ${holderInGroup('g')})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export const SIP_NUMBER_COLUMNS = {
  id: 'n.id',
  number: 'n.number',
  name: 'n.name',
  is_active: 'n.is_active',
  is_reserved: 'n.is_reserved',
  purpose: 'n.purpose',
  forward_mode: 'n.forward_mode',
  user_name: 'u.name',
  user_email: 'u.email',
  device_name: 'dv.name',
  created_at: 'n.created_at',
} as const;

const idIn = (column: string, ids: number[] | 'null' | 'not_null', rule: 'has' | 'is'): Expression<SqlBool> => {
  if (rule === 'has') return sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids as number[])})`;
  return ids === 'null' ? sql<SqlBool>`${sql.ref(column)} is null` : sql<SqlBool>`${sql.ref(column)} is not null`;
};

/** Relation filters: the holder (user, device, group), the forward group, and `domains` (holder sits in them). */
export const SIP_NUMBER_RELATIONS = {
  user: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null') => idIn('n.user_id', ids, rule),
  device: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null') => idIn('n.device_id', ids, rule),
  domain: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null') => idIn('n.domain_id', ids, rule),
  forward_group: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null') => idIn('n.forward_group_id', ids, rule),
  domains: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'is') {
      const held = sql<SqlBool>`(n.user_id is not null or n.device_id is not null or n.domain_id is not null)`;
      return ids === 'null' ? sql<SqlBool>`not ${held}` : held;
    }
    const list = sql.join(ids as number[]);
    return sql<SqlBool>`(n.domain_id in (${list}) or dv.domain_id in (${list})
      or exists (select 1 from user_domains fud where fud.user_id = n.user_id and fud.domain_id in (${list})))`;
  },
};

/** Adds the number's columns and its holder's, forward group's and author's names. */
export function selectSipNumbers(q: ReturnType<typeof scopedSipNumbers>) {
  return q
    .leftJoin('forward_groups as fg', 'fg.id', 'n.forward_group_id')
    .leftJoin('users as author', 'author.id', 'n.created_by_user_id')
    .select([
      'n.id',
      'n.number',
      'n.name',
      'n.password',
      'n.is_active',
      'n.is_reserved',
      'n.user_id',
      'n.device_id',
      'n.domain_id',
      'n.forward_group_id',
      'n.forward_mode',
      'n.purpose',
      'n.created_at',
      'u.name as user_name',
      'u.email as user_email',
      'dv.name as device_name',
      'd.name as domain_name',
      'fg.name as forward_group_name',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}

/** One row as selectSipNumbers reads it. */
export type SipNumberRow = RowOf<ReturnType<typeof selectSipNumbers>>;

const pick = <T extends string>(values: readonly T[], value: unknown, fallback: T | null): T | null =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Rows to contract items; the forward rule sets of all rows come in one query. */
export async function toSipNumbers(db: Kysely<Database>, auth: Auth, rows: SipNumberRow[]): Promise<SipNumber[]> {
  const ids = rows.map((r) => Number(r.id));
  const links =
    ids.length === 0
      ? []
      : await db
          .selectFrom('sip_number_forward_rule_sets as l')
          .innerJoin('forward_rule_sets as s', 's.id', 'l.forward_rule_set_id')
          .select(['l.sip_number_id', 's.id', 's.name'])
          .where('l.sip_number_id', 'in', ids)
          .orderBy('l.position')
          .orderBy('l.forward_rule_set_id')
          .execute();
  // Passwords go only to those who configure numbers (softphones, panels): a viewer learns nothing to register with.
  const showPassword = hasPermission(auth.role.permissions, 'sip_numbers.edit');
  return rows.map((row) => {
    const id = Number(row.id);
    const ref = (refId: number | null, refName: string | null) =>
      refId === null ? null : { id: refId, name: String(refName) };
    const user =
      row.user_id === null
        ? null
        : { id: Number(row.user_id), name: String(row.user_name ?? ''), email: text(row.user_email) };
    const device = ref(row.device_id, row.device_name);
    const domain = ref(row.domain_id, row.domain_name);
    return {
      id,
      number: String(row.number),
      name: text(row.name),
      password: showPassword ? String(row.password) : null,
      is_active: Number(row.is_active) === 1,
      is_reserved: Number(row.is_reserved) === 1,
      user_id: user?.id ?? null,
      user,
      device_id: device?.id ?? null,
      device,
      domain_id: domain?.id ?? null,
      domain,
      forward_mode: pick(FORWARD_MODES, row.forward_mode, 'disabled') ?? 'disabled',
      forward_group_id: row.forward_group_id === null ? null : Number(row.forward_group_id),
      forward_group: ref(row.forward_group_id, row.forward_group_name),
      forward_rules: links.filter((l) => l.sip_number_id === id).map((l) => ({ id: l.id, name: l.name })),
      purpose: pick(SIP_NUMBER_PURPOSES, row.purpose, null),
      owner_info: user?.name ?? device?.name ?? domain?.name ?? null,
      created_at: String(row.created_at),
      created_by_user: ref(row.author_id, row.author_name),
    };
  });
}
