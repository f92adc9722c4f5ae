import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Marker } from '../../../src/contract/entities/marker';
import { hasPermission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidRelated, prohibited } from '../errors';
import { assertUniqueInProject } from '../unique-in-project';

/**
 * Markers: colour labels of a project. markers.view_all sees every marker of
 * the project; markers.view sees the ones the caller created (6.1 default rule).
 */
export function scopedMarkers(db: Kysely<Database>, auth: Auth) {
  let q = db.selectFrom('markers as m').where('m.project_id', '=', auth.projectId);
  if (!hasPermission(auth.role.permissions, 'markers.view_all')) q = q.where('m.created_by_user_id', '=', auth.userId);
  return q;
}

export const MARKER_COLUMNS = {
  id: 'm.id',
  name: 'm.name',
  color: 'm.color',
  description: 'm.description',
  users_count: 'users_count',
} as const;

/** The `users` relation filter: carried by one of these users (`has`), or by anyone / nobody (`is`). */
export function markerUsersCondition(rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> {
  const carriers = sql`select 1 from user_markers um where um.marker_id = m.id`;
  if (rule === 'has') return sql<SqlBool>`exists (${carriers} and um.user_id in (${sql.join(ids as number[])}))`;
  return ids === 'null' ? sql<SqlBool>`not exists (${carriers})` : sql<SqlBool>`exists (${carriers})`;
}

/** Adds the marker's columns, its user count and its author. */
export function selectMarkers(q: ReturnType<typeof scopedMarkers>) {
  return q.leftJoin('users as author', 'author.id', 'm.created_by_user_id').select([
    'm.id',
    'm.name',
    'm.color',
    'm.description',
    'author.id as author_id',
    'author.name as author_name',
    sql<number>`(select count(*) from user_markers um inner join memberships ms on ms.user_id = um.user_id
        where um.marker_id = m.id and ms.project_id = m.project_id)`.as('users_count'),
  ]);
}

/** One row as selectMarkers reads it. */
export type MarkerRow = RowOf<ReturnType<typeof selectMarkers>>;

export function toMarker(row: MarkerRow): Marker {
  return {
    id: Number(row.id),
    name: String(row.name),
    color: String(row.color),
    description: (row.description as string | null) ?? null,
    users_count: Number(row.users_count ?? 0),
    created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
  };
}

export async function createMarker(
  db: Kysely<Database>,
  auth: Auth,
  body: { name: string; color: string; description?: string | null },
): Promise<number> {
  await assertUniqueInProject(db, 'markers', 'name', body.name, auth.projectId);
  const now = nowIso();
  const row = await db
    .insertInto('markers')
    .values({
      project_id: auth.projectId,
      name: body.name,
      color: body.color.toLowerCase(),
      description: body.description ?? null,
      created_by_user_id: auth.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMarker(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: { name?: string; color?: string; description?: string | null },
): Promise<void> {
  if (body.name !== undefined) await assertUniqueInProject(db, 'markers', 'name', body.name, auth.projectId, id);
  await db
    .updateTable('markers')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.color !== undefined ? { color: body.color.toLowerCase() } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteMarkers(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('markers').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Applies (or removes) markers on users of the caller's project. Every marker
 * must be visible to the caller and every user a member of the project, else
 * `invalid related entity sent` names what is wrong.
 */
export async function applyMarkers(
  db: Kysely<Database>,
  auth: Auth,
  body: { markers: number[]; users: number[]; mode: 'add' | 'remove' },
): Promise<number> {
  if (!hasPermission(auth.role.permissions, 'markers.apply')) throw prohibited();
  const markerIds = [...new Set(body.markers)];
  const userIds = [...new Set(body.users)];
  const visible = await scopedMarkers(db, auth).select('m.id').where('m.id', 'in', markerIds).execute();
  const members = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('project_id', '=', auth.projectId)
    .where('user_id', 'in', userIds)
    .execute();
  const entities: string[] = [];
  if (visible.length !== markerIds.length) entities.push('markers');
  if (members.length !== userIds.length) entities.push('users');
  if (entities.length > 0) throw invalidRelated(entities);
  return db.transaction().execute(async (trx) => {
    if (body.mode === 'remove') {
      const r = await trx
        .deleteFrom('user_markers')
        .where('marker_id', 'in', markerIds)
        .where('user_id', 'in', userIds)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    }
    const existing = await trx
      .selectFrom('user_markers')
      .select(['user_id', 'marker_id'])
      .where('marker_id', 'in', markerIds)
      .where('user_id', 'in', userIds)
      .execute();
    const have = new Set(existing.map((e) => `${e.user_id}:${e.marker_id}`));
    const rows = userIds.flatMap((user_id) =>
      markerIds
        .filter((marker_id) => !have.has(`${user_id}:${marker_id}`))
        .map((marker_id) => ({ user_id, marker_id })),
    );
    if (rows.length > 0) await trx.insertInto('user_markers').values(rows).execute();
    return rows.length;
  });
}
