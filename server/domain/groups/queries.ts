import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import {
  GROUP_RELATIONS,
  type Group,
  type GroupBranchNode,
  type GroupRelation,
} from '../../../src/contract/entities/group';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { prohibited, refused } from '../errors';
import { canDelete, type GroupAccess, viewScope } from './access';
import { requireVisibleGroup } from './groups';
import { selectGroups, toGroup, withRelations } from './read';

/**
 * The group reads beyond the generic list: the whole visible tree, the lazily
 * opened branch, and floors with their apartments. All are scoped in SQL.
 */

/** The view scope, or 403 for a caller who may see no group at all. */
export function requireViewScope(auth: Auth, alias: string): Expression<SqlBool> {
  const scope = viewScope(auth, alias);
  if (!scope) throw prohibited();
  return scope;
}

/** Case-insensitive "contains" on a column, with LIKE wildcards in the value taken literally. */
export function containsText(column: string, value: string): Expression<SqlBool> {
  const escaped = value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

/** Parses `relations` / `with` of a group call: comma-separated GROUP_RELATIONS, else 400. */
export function parseRelations(raw: string | undefined): GroupRelation[] {
  if (!raw) return [];
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = new Set<string>(GROUP_RELATIONS);
  if (names.some((n) => !known.has(n))) throw refused(ERROR_CODES.wrongParameters);
  return names as GroupRelation[];
}

/** GET /domains/items/completely: every visible group in tree order. */
export async function listCompletely(
  db: Kysely<Database>,
  auth: Auth,
  query: { search?: string; domain_type?: string },
): Promise<Group[]> {
  let q = selectGroups(db, auth.projectId).where(requireViewScope(auth, 'd'));
  if (query.search) q = q.where(containsText('d.name', query.search));
  if (query.domain_type) q = q.where('domain_types.type', '=', query.domain_type);
  return (await q.orderBy('d.lft').execute()).map(toGroup);
}

/** GET /domains/branch (see BranchQuerySchema). */
export async function listBranch(
  db: Kysely<Database>,
  access: GroupAccess,
  query: { id?: number; search?: string; relations?: string; depth?: 'all' },
): Promise<GroupBranchNode[]> {
  const { auth } = access;
  const relations = parseRelations(query.relations);
  const scope = requireViewScope(auth, 'd');
  const within = query.id === undefined ? null : await requireVisibleGroup(db, access, query.id);
  const inWithin = (alias: string) =>
    within
      ? sql<SqlBool>`${sql.ref(`${alias}.lft`)} > ${within.lft} and ${sql.ref(`${alias}.rgt`)} < ${within.rgt}`
      : sql<SqlBool>`1 = 1`;
  let q = selectGroups(db, auth.projectId).where(scope);

  if (query.search) {
    const match = containsText('m.name', query.search);
    const matchScope = requireViewScope(auth, 'm');
    // The matches and every visible group on the way down to them.
    q = q.where(inWithin('d')).where(
      sql<SqlBool>`exists (select 1 from domains m where m.project_id = ${auth.projectId}
        and m.lft >= d.lft and m.rgt <= d.rgt and ${match} and ${matchScope} and ${inWithin('m')})`,
    );
  } else if (query.depth === 'all') {
    q = q.where(inWithin('d'));
  } else if (within) {
    q = q.where('d.parent_id', '=', within.id);
  } else {
    const above = requireViewScope(auth, 'a');
    q = q.where(
      sql<SqlBool>`not exists (select 1 from domains a where a.project_id = ${auth.projectId}
        and a.lft < d.lft and a.rgt > d.rgt and ${above})`,
    );
  }
  // Counted in the same query: a tree row never needs the member list itself.
  const rows = await q
    .select(
      sql<number>`(select count(*) from user_domains ud inner join users u on u.id = ud.user_id
        where ud.domain_id = d.id and u.deleted_at is null)`.as('users_count'),
    )
    .orderBy('d.lft')
    .execute();
  const groups = await withRelations(db, rows, relations);
  const withChildren =
    query.depth === 'all' && !query.search
      ? // The whole visible subtree is in the answer: its children are too.
        new Set(groups.map((g) => g.parent_id))
      : await parentsWithVisibleChildren(
          db,
          auth,
          groups.map((g) => g.id),
        );
  return groups.map((g, i) => ({
    ...g,
    has_children: withChildren.has(g.id),
    users_count: Number(rows[i]?.users_count ?? 0),
    // The row menu offers Delete only where the server would allow it (the same rule as the call).
    may_delete: rows[i] ? canDelete(access, rows[i]) : false,
  }));
}

async function parentsWithVisibleChildren(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('domains as c')
    .select('c.parent_id')
    .distinct()
    .where('c.project_id', '=', auth.projectId)
    .where('c.parent_id', 'in', ids)
    .where(requireViewScope(auth, 'c'))
    .execute();
  return new Set(rows.map((r) => r.parent_id).filter((id): id is number => id !== null));
}

export interface FloorWithApartments {
  id: number | null;
  name: string | null;
  logic_address: string | null;
  apartments: { id: number; name: string; logic_address: string | null }[];
}

/**
 * GET /domains/{id}/floors-and-apartments: the floors in a group's subtree with
 * the units below each; units with no floor above them (within the group) come
 * first, under a floor entry with id null. Device floor maps are built from it.
 */
export async function floorsAndApartments(
  db: Kysely<Database>,
  access: GroupAccess,
  id: number,
): Promise<FloorWithApartments[]> {
  const group = await requireVisibleGroup(db, access, id);
  const rows = await selectGroups(db, access.auth.projectId)
    .where(requireViewScope(access.auth, 'd'))
    .where('d.lft', '>=', group.lft)
    .where('d.rgt', '<=', group.rgt)
    .where('domain_types.type', 'in', ['floor', 'unit'])
    .orderBy('d.lft')
    .execute();
  const loose: FloorWithApartments = { id: null, name: null, logic_address: null, apartments: [] };
  const floors: (FloorWithApartments & { lft: number; rgt: number })[] = [];
  for (const row of rows) {
    if (row.type_type === 'floor') {
      floors.push({
        id: row.id,
        name: row.name,
        logic_address: row.logic_address,
        apartments: [],
        lft: row.lft,
        rgt: row.rgt,
      });
      continue;
    }
    // The nearest floor above the unit: the last opened one that still contains it.
    const floor = [...floors].reverse().find((f) => f.lft < row.lft && row.rgt < f.rgt);
    (floor ?? loose).apartments.push({ id: row.id, name: row.name, logic_address: row.logic_address });
  }
  const out: FloorWithApartments[] = floors.map(({ lft: _l, rgt: _r, ...floor }) => floor);
  return loose.apartments.length > 0 ? [loose, ...out] : out;
}
