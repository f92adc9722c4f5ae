import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { AccessRule, AvailableAccessRule } from '../../../../src/contract/entities/access-rule';
import { hasPermission } from '../../../../src/contract/permissions';
import type { RowOf } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';

/**
 * Access rules (doc 1 §3; doc 2 §6.2). Scopes, in SQL: access_rules.view_all → every rule of the
 * project; access_rules.view → the rules the caller created (6.1: a user sees what they
 * created). Edits and deletes reach the same rows (with the edit or delete permission).
 */
export function scopedAccessRules(db: Kysely<Database>, auth: Auth) {
  const q = db.selectFrom('access_rules as r').where('r.project_id', '=', auth.projectId);
  if (hasPermission(auth.role.permissions, 'access_rules.view_all')) return q;
  return q.where('r.created_by_user_id', '=', auth.userId);
}

export const ACCESS_RULE_COLUMNS = {
  id: 'r.id',
  name: 'r.name',
  created_at: 'r.created_at',
  prohibition: 'r.prohibition',
  is_shareable: 'r.is_shareable',
} as const;

const idsIn = (ids: number[]) => sql.join(ids);
/** A relation filter over one join table: `has` any of the ids, `is` null (none) / not_null. */
const joined =
  (table: string, column: string) =>
  (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    const any = sql<SqlBool>`exists (select 1 from ${sql.table(table)} j where j.access_rule_id = r.id)`;
    if (rule === 'has') {
      return sql<SqlBool>`exists (select 1 from ${sql.table(table)} j where j.access_rule_id = r.id
        and ${sql.ref(`j.${column}`)} in (${idsIn(ids as number[])}))`;
    }
    return ids === 'null' ? sql<SqlBool>`not ${any}` : any;
  };

export const ACCESS_RULE_RELATIONS = {
  domains: joined('access_rule_domains', 'domain_id'),
  devices: joined('access_rule_devices', 'device_id'),
  users: joined('access_rule_users', 'user_id'),
};

export function selectAccessRules(q: ReturnType<typeof scopedAccessRules>) {
  return q
    .leftJoin('users as author', 'author.id', 'r.created_by_user_id')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.prohibition',
      'r.is_shareable',
      'r.created_at',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}
export type AccessRuleRow = RowOf<ReturnType<typeof selectAccessRules>>;

const byRule = <T extends { access_rule_id: number | string }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const key = Number(row.access_rule_id);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return (id: number) => map.get(id) ?? [];
};

/** The doors of these rules (device name and lock), one query. */
export async function ruleDevices(db: Kysely<Database>, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('access_rule_devices as j')
          .innerJoin('devices as d', 'd.id', 'j.device_id')
          .select(['j.access_rule_id', 'd.id', 'd.name', 'd.type', 'j.lock_number'])
          .where('j.access_rule_id', 'in', ids)
          .orderBy('d.name')
          .orderBy('d.id')
          .orderBy('j.lock_number')
          .execute();
  const of = byRule(rows);
  return (id: number) =>
    of(id).map((d) => ({ id: Number(d.id), name: d.name, type: d.type, lock_number: Number(d.lock_number) }));
}

/** Rows to items: one query per joined table, not per rule; every joined thing with its name. */
export async function toAccessRules(db: Kysely<Database>, rows: AccessRuleRow[]): Promise<AccessRule[]> {
  const ids = rows.map((r) => Number(r.id));
  const none = ids.length === 0;
  const devices = await ruleDevices(db, ids);
  const timeRules = byRule(
    none
      ? []
      : await db
          .selectFrom('access_rule_time_rules as j')
          .innerJoin('time_rules as t', 't.id', 'j.time_rule_id')
          .select(['j.access_rule_id', 't.id', 't.name'])
          .where('j.access_rule_id', 'in', ids)
          .orderBy('t.name')
          .orderBy('t.id')
          .execute(),
  );
  const users = byRule(
    none
      ? []
      : await db
          .selectFrom('access_rule_users as j')
          .innerJoin('users as u', 'u.id', 'j.user_id')
          .select(['j.access_rule_id', 'u.id', 'u.name'])
          .where('j.access_rule_id', 'in', ids)
          .orderBy('u.name')
          .orderBy('u.id')
          .execute(),
  );
  const identifiers = byRule(
    none
      ? []
      : await db
          .selectFrom('access_rule_identifiers as j')
          .innerJoin('identifiers as i', 'i.id', 'j.identifier_id')
          .select(['j.access_rule_id', 'i.id', 'i.name', 'i.type', 'i.value'])
          .where('j.access_rule_id', 'in', ids)
          .orderBy('i.type')
          .orderBy('i.value')
          .execute(),
  );
  const domains = byRule(
    none
      ? []
      : await db
          .selectFrom('access_rule_domains as j')
          .innerJoin('domains as g', 'g.id', 'j.domain_id')
          .select(['j.access_rule_id', 'g.id', 'g.name'])
          .where('j.access_rule_id', 'in', ids)
          .orderBy('g.name')
          .orderBy('g.id')
          .execute(),
  );
  const ref = (r: { id: number | string; name: string | null }) => ({ id: Number(r.id), name: r.name ?? '' });
  return rows.map((r) => {
    const id = Number(r.id);
    return {
      id,
      name: r.name,
      description: r.description,
      devices: devices(id),
      time_rules: timeRules(id).map(ref),
      users: users(id).map(ref),
      identifiers: identifiers(id).map((i) => ({ id: Number(i.id), name: i.name, type: i.type, value: i.value })),
      domains: domains(id).map(ref),
      prohibition: Number(r.prohibition) === 1,
      is_shareable: Number(r.is_shareable) === 1,
      created_at: r.created_at,
      created_by_user: r.author_id === null ? null : { id: Number(r.author_id), name: r.author_name ?? '' },
    };
  });
}

// ---- Available access rules (a guest key's picker) ----

/**
 * The shareable rules the caller may hand on: rules of the project that are shareable, not
 * prohibitions (a deny rule opens nothing), and that the caller sees (created, or view_all)
 * or that apply to them: they are among its users, or one of their groups is one of its
 * groups or below one (a rule for a building is for the people of its flats).
 */
export function scopedAvailableRules(db: Kysely<Database>, auth: Auth) {
  const q = db
    .selectFrom('access_rules as r')
    .where('r.project_id', '=', auth.projectId)
    .where('r.is_shareable', '=', 1)
    .where('r.prohibition', '=', 0);
  const sees = hasPermission(auth.role.permissions, 'access_rules.view_all')
    ? sql<SqlBool>`1 = 1`
    : hasPermission(auth.role.permissions, 'access_rules.view')
      ? sql<SqlBool>`r.created_by_user_id = ${auth.userId}`
      : sql<SqlBool>`1 = 0`;
  const applies = sql<SqlBool>`(exists (select 1 from access_rule_users au
      where au.access_rule_id = r.id and au.user_id = ${auth.userId})
    or exists (select 1 from access_rule_domains ad
      inner join domains rg on rg.id = ad.domain_id
      inner join user_domains mud on mud.user_id = ${auth.userId}
      inner join domains mg on mg.id = mud.domain_id
      where ad.access_rule_id = r.id and mg.lft >= rg.lft and mg.rgt <= rg.rgt and mg.project_id = rg.project_id))`;
  return q.where(sql<SqlBool>`(${sees} or ${applies})`);
}

export const AVAILABLE_RULE_COLUMNS = { id: 'r.id', name: 'r.name' } as const;

export function selectAvailableRules(q: ReturnType<typeof scopedAvailableRules>) {
  return q.select(['r.id', 'r.name', 'r.description']);
}
export type AvailableRuleRow = RowOf<ReturnType<typeof selectAvailableRules>>;

export async function toAvailableRules(db: Kysely<Database>, rows: AvailableRuleRow[]): Promise<AvailableAccessRule[]> {
  const devices = await ruleDevices(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    description: r.description,
    devices: devices(Number(r.id)),
  }));
}
