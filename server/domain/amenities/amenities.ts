import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import type { SlotItem, TimeSlots } from '../../../src/contract/amenity-slots';
import { WEEK_DAYS } from '../../../src/contract/constants';
import type { Amenity, AmenityFile } from '../../../src/contract/entities/amenity';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import { readJson } from '../../db/json';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';

/**
 * Amenities (doc 1 §3; doc 2 §6.2). Scopes, in SQL, per action (view, edit, delete), each at a
 * scope of 6.2 (docs/decisions.md, Amenities):
 * - `_all`: every amenity of the project;
 * - `_descendants`: amenities given to one of the caller's groups or a group below them (and, to
 *   view, the `_domain` reach too);
 * - `_domain`: to view, amenities meant for the caller — given to one of their groups or a group
 *   above it (the gym of their building); to edit or delete, given to one of their groups;
 * - `_own`: amenities the caller created.
 */
export type AmenityAction = 'view' | 'edit' | 'delete';

const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);
const perm = (action: AmenityAction, scope: string) => `amenities.${action}_${scope}` as Permission;

/** The caller's groups (id, lft, rgt). */
export const callerGroups = (auth: Auth) =>
  sql`select m.id, m.lft, m.rgt from user_domains mud inner join domains m on m.id = mud.domain_id
    where mud.user_id = ${auth.userId} and m.project_id = ${auth.projectId}`;

/** Amenities (alias `a`) whose groups relate to the caller's groups by `relation` (g: the amenity's group, mg: the caller's). */
function groupsRelate(auth: Auth, relation: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from amenity_domains ad inner join domains g on g.id = ad.domain_id
    inner join (${callerGroups(auth)}) mg on ${relation} where ad.amenity_id = a.id)`;
}
const BELOW = sql<SqlBool>`g.lft >= mg.lft and g.rgt <= mg.rgt`;
const ABOVE = sql<SqlBool>`mg.lft >= g.lft and mg.rgt <= g.rgt`;
const SAME = sql<SqlBool>`g.id = mg.id`;

/** The amenities (alias `a`) the caller may view, edit or delete, within the project (1 = 0 for none). */
export function amenityScope(auth: Auth, action: AmenityAction): Expression<SqlBool> {
  if (can(auth, perm(action, 'all'))) return sql<SqlBool>`1 = 1`;
  const parts: Expression<SqlBool>[] = [];
  const descendants = can(auth, perm(action, 'descendants'));
  const domain = can(auth, perm(action, 'domain'));
  if (descendants) parts.push(groupsRelate(auth, BELOW));
  if (action === 'view' && (domain || descendants)) parts.push(groupsRelate(auth, ABOVE));
  else if (domain) parts.push(groupsRelate(auth, SAME));
  if (can(auth, perm(action, 'own'))) parts.push(sql<SqlBool>`a.created_by_user_id = ${auth.userId}`);
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export function scopedAmenities(db: Kysely<Database>, auth: Auth, action: AmenityAction = 'view') {
  return db.selectFrom('amenities as a').where('a.project_id', '=', auth.projectId).where(amenityScope(auth, action));
}

/**
 * The groups (alias `g`) the caller may give an amenity: any with edit_all; the caller's groups
 * and those below with edit_descendants; else (edit_domain, edit_own) the caller's own groups.
 */
export function groupsToGive(auth: Auth): Expression<SqlBool> {
  if (can(auth, 'amenities.edit_all')) return sql<SqlBool>`1 = 1`;
  const within = can(auth, 'amenities.edit_descendants') ? BELOW : SAME;
  return sql<SqlBool>`exists (select 1 from (${callerGroups(auth)}) mg where ${within})`;
}

export const AMENITY_COLUMNS = {
  id: 'a.id',
  name: 'a.name',
  address: 'a.address',
  created_at: 'a.created_at',
} as const;

const idsIn = (ids: number[]) => sql.join(ids);
const relation =
  (table: 'amenity_domains' | 'amenity_access_rules', column: string) =>
  (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    const links = sql`select 1 from ${sql.table(table)} x where x.amenity_id = a.id`;
    if (rule === 'has')
      return sql<SqlBool>`exists (${links} and ${sql.ref(`x.${column}`)} in (${idsIn(ids as number[])}))`;
    return ids === 'null' ? sql<SqlBool>`not exists (${links})` : sql<SqlBool>`exists (${links})`;
  };
export const AMENITY_RELATIONS = {
  domains: relation('amenity_domains', 'domain_id'),
  access_rules: relation('amenity_access_rules', 'access_rule_id'),
};

export function selectAmenities(q: ReturnType<typeof scopedAmenities>) {
  return q
    .leftJoin('users as author', 'author.id', 'a.created_by_user_id')
    .selectAll('a')
    .select('author.name as author_name');
}
export type AmenityRow = RowOf<ReturnType<typeof selectAmenities>>;

const SlotItemsSchema = v.array(v.object({ days: v.array(v.picklist(WEEK_DAYS)), from: v.number(), to: v.number() }));
/** An amenity row's time slots. */
export function timeSlotsOf(row: { slot_duration: number; slot_items: string }): TimeSlots {
  return { duration: Number(row.slot_duration), items: readJson(row.slot_items, SlotItemsSchema, []) as SlotItem[] };
}

export const AMENITY_FILE_PREFIX = '/api/v0/uploads/amenities/';
const fileOf = (url: string | null, original: string | null, name: string | null): AmenityFile | null =>
  url
    ? {
        originalUrl: `${AMENITY_FILE_PREFIX}${original ?? url}`,
        url: `${AMENITY_FILE_PREFIX}${url}`,
        action: 'none',
        file: null,
        name: name ?? url,
      }
    : null;

/** Rows → items, with their groups and access rules (one query each). */
export async function toAmenities(db: Kysely<Database>, rows: AmenityRow[]): Promise<Amenity[]> {
  const ids = rows.map((r) => Number(r.id));
  const [groups, rules] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('amenity_domains as x')
            .innerJoin('domains as d', 'd.id', 'x.domain_id')
            .select(['x.amenity_id', 'd.id', 'd.name'])
            .where('x.amenity_id', 'in', ids)
            .orderBy('d.lft')
            .execute(),
          db
            .selectFrom('amenity_access_rules as x')
            .innerJoin('access_rules as r', 'r.id', 'x.access_rule_id')
            .select(['x.amenity_id', 'r.id', 'r.name'])
            .where('x.amenity_id', 'in', ids)
            .orderBy('r.name')
            .orderBy('r.id')
            .execute(),
        ]);
  return rows.map((r) => {
    const id = Number(r.id);
    return {
      id,
      name: r.name,
      address: r.address,
      description: r.description,
      domains: groups.filter((g) => Number(g.amenity_id) === id).map((g) => ({ id: Number(g.id), name: g.name })),
      access_rules: rules.filter((x) => Number(x.amenity_id) === id).map((x) => ({ id: Number(x.id), name: x.name })),
      number_of_persons: { min: Number(r.persons_min), max: Number(r.persons_max) },
      time_slots: timeSlotsOf(r) as Amenity['time_slots'],
      files: {
        image: fileOf(r.image_path, r.image_original_path, r.image_name),
        terms_of_use: fileOf(r.terms_path, null, r.terms_name),
      },
      created_at: r.created_at,
      created_by_user:
        r.created_by_user_id === null ? null : { id: Number(r.created_by_user_id), name: r.author_name ?? '' },
    };
  });
}
