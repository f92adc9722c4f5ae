import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Role } from '../../../src/contract/entities/role';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { effectivePermissions } from '../auth/effective-permissions';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, prohibited, refused } from '../errors';

/**
 * Role administration (6.1, 6.2). Visibility, applied in SQL:
 * roles.view_all → every role of the project; roles.view / roles.view_users → the caller's own
 * role and its available roles; always → roles the caller created.
 * Editing and deleting: *_all any role; *_available the caller's available roles; plain edit/delete
 * the roles the caller created. The administrator's role is never edited or deleted.
 */
const can = (auth: Auth, p: Permission) => auth.role.isAdmin || hasPermission(auth.role.permissions, p);

const availableTo = (auth: Auth) =>
  sql`select available_role_id from role_available_roles where role_id = ${auth.role.id}`;

export function scopedRoles(db: Kysely<Database>, auth: Auth) {
  let q = db.selectFrom('roles as r').where('r.project_id', '=', auth.projectId);
  if (!can(auth, 'roles.view_all')) {
    const parts: Expression<SqlBool>[] = [sql<SqlBool>`r.created_by_user_id = ${auth.userId}`];
    if (can(auth, 'roles.view') || can(auth, 'roles.view_users')) {
      parts.push(sql<SqlBool>`r.id = ${auth.role.id}`, sql<SqlBool>`r.id in (${availableTo(auth)})`);
    }
    q = q.where(sql<SqlBool>`(${sql.join(parts, sql` or `)})`);
  }
  return q;
}

export const ROLE_COLUMNS = { id: 'r.id', name: 'r.name', description: 'r.description' } as const;

export function selectRoles(q: ReturnType<typeof scopedRoles>) {
  return q
    .leftJoin('users as author', 'author.id', 'r.created_by_user_id')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.permissions',
      'r.is_admin',
      'author.id as author_id',
      'author.name as author_name',
      sql<number>`(select count(*) from memberships ms where ms.role_id = r.id)`.as('users_count'),
    ]);
}

export type RoleListRow = RowOf<ReturnType<typeof selectRoles>>;

export async function toRoles(db: Kysely<Database>, rows: RoleListRow[]): Promise<Role[]> {
  const ids = rows.map((r) => Number(r.id));
  const available =
    ids.length === 0
      ? []
      : await db
          .selectFrom('role_available_roles as ra')
          .innerJoin('roles as target', 'target.id', 'ra.available_role_id')
          .select(['ra.role_id', 'target.id', 'target.name'])
          .where('ra.role_id', 'in', ids)
          .orderBy('target.name')
          .execute();
  return rows.map((row) => {
    const id = Number(row.id);
    return {
      id,
      name: String(row.name),
      description: (row.description as string | null) ?? null,
      permissions: effectivePermissions({ is_admin: Number(row.is_admin), permissions: String(row.permissions) }),
      available_roles: available.filter((a) => a.role_id === id).map((a) => ({ id: a.id, name: a.name })),
      is_admin: Number(row.is_admin) === 1,
      users_count: Number(row.users_count ?? 0),
      created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
    };
  });
}

/** May the caller edit (or delete, with the delete family) this role? */
async function assertManageable(db: Kysely<Database>, auth: Auth, id: number, family: 'edit' | 'delete') {
  const role = await db
    .selectFrom('roles')
    .select(['id', 'is_admin', 'created_by_user_id'])
    .where('id', '=', id)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirstOrThrow();
  if (role.is_admin === 1) throw prohibited();
  if (can(auth, `roles.${family}_all`)) return;
  if (can(auth, `roles.${family}_available`)) {
    const listed = await db
      .selectFrom('role_available_roles')
      .select('role_id')
      .where('role_id', '=', auth.role.id)
      .where('available_role_id', '=', id)
      .executeTakeFirst();
    if (listed) return;
  }
  if (can(auth, `roles.${family}`) && role.created_by_user_id === auth.userId) return;
  throw prohibited();
}

/** No role grants more than its author holds, unless the author may grant more (6.1). */
async function assertGrantable(db: Kysely<Database>, auth: Auth, permissions?: string[], available?: number[]) {
  if (permissions && !can(auth, 'roles.grant_more_than_own')) {
    const extra = permissions.filter((p) => !auth.role.permissions.includes(p as Permission));
    if (extra.length > 0) throw invalidData({ permissions: { code: 'invalid', params: { extra: extra.join(', ') } } });
  }
  if (available && available.length > 0) {
    const unique = [...new Set(available)];
    const found = await db
      .selectFrom('roles')
      .select('id')
      .where('project_id', '=', auth.projectId)
      .where('id', 'in', unique)
      .execute();
    if (found.length !== unique.length) throw invalidRelated(['available_roles']);
    if (!can(auth, 'roles.grant_more_than_own')) {
      const mine = await db
        .selectFrom('role_available_roles')
        .select('available_role_id')
        .where('role_id', '=', auth.role.id)
        .execute();
      const allowed = new Set(mine.map((m) => m.available_role_id));
      if (unique.some((id) => !allowed.has(id))) throw prohibited();
    }
  }
}

async function assertUniqueName(db: Kysely<Database>, projectId: number, name: string, exceptId?: number) {
  let q = db
    .selectFrom('roles')
    .select('id')
    .where('project_id', '=', projectId)
    .where(sql<SqlBool>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw invalidData({ name: { code: 'not_unique' } });
}

type RoleBody = { name?: string; description?: string | null; permissions?: string[]; available_roles?: number[] };

export async function createRole(
  db: Kysely<Database>,
  auth: Auth,
  body: Required<Pick<RoleBody, 'name' | 'permissions'>> & RoleBody,
) {
  await assertUniqueName(db, auth.projectId, body.name);
  await assertGrantable(db, auth, body.permissions, body.available_roles);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('roles')
      .values({
        project_id: auth.projectId,
        name: body.name,
        description: body.description ?? null,
        permissions: JSON.stringify([...new Set(body.permissions)]),
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAvailable(trx, id, body.available_roles);
    return id;
  });
}

async function writeAvailable(db: Kysely<Database>, roleId: number, available?: number[]) {
  if (!available) return;
  await db.deleteFrom('role_available_roles').where('role_id', '=', roleId).execute();
  const unique = [...new Set(available)];
  if (unique.length > 0) {
    await db
      .insertInto('role_available_roles')
      .values(unique.map((available_role_id) => ({ role_id: roleId, available_role_id })))
      .execute();
  }
}

export async function updateRole(db: Kysely<Database>, auth: Auth, id: number, body: RoleBody) {
  await assertManageable(db, auth, id, 'edit');
  if (body.name !== undefined) await assertUniqueName(db, auth.projectId, body.name, id);
  await assertGrantable(db, auth, body.permissions, body.available_roles);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('roles')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.permissions !== undefined ? { permissions: JSON.stringify([...new Set(body.permissions)]) } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeAvailable(trx, id, body.available_roles);
  });
}

/**
 * Deletes roles the caller may delete. Roles still held by users are never
 * deleted: with `gently` they are reported as dependencies and the rest go;
 * without it nothing goes and the call fails with `cannot perform action`.
 */
export async function deleteRoles(db: Kysely<Database>, auth: Auth, ids: number[], gently: boolean) {
  for (const id of ids) await assertManageable(db, auth, id, 'delete');
  const used = ids.length
    ? await db
        .selectFrom('roles as r')
        .innerJoin('memberships as ms', 'ms.role_id', 'r.id')
        .select(['r.id', 'r.name', sql<number>`count(*)`.as('users_count')])
        .where('r.id', 'in', ids)
        .groupBy(['r.id', 'r.name'])
        .execute()
    : [];
  const dependencies = used.map((u) => ({ id: u.id, name: u.name, users_count: Number(u.users_count) }));
  if (dependencies.length > 0 && !gently) {
    throw refused(ERROR_CODES.cannotPerformAction, { entities: ['users'] });
  }
  const blocked = new Set(dependencies.map((d) => d.id));
  const deleted = ids.filter((id) => !blocked.has(id));
  if (deleted.length > 0) await db.deleteFrom('roles').where('id', 'in', deleted).execute();
  return { deleted, dependencies };
}
