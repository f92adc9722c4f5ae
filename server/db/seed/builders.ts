import type { Insertable, Transaction } from 'kysely';
import type { LicensedFeatures } from '../../../src/contract/entities/server-settings';
import type { Permission } from '../../../src/contract/permissions';
import { nowIso } from '../../domain/clock';
import { numberTree, type TreeNode } from '../../domain/groups/nested-set';
import type { Database } from '../schema';

/** Small insert helpers shared by the first-start seed and the demo content. */
type Trx = Transaction<Database>;

export async function insertProject(trx: Trx, name: string, features: LicensedFeatures): Promise<number> {
  const now = nowIso();
  const row = await trx
    .insertInto('projects')
    .values({ name, description: null, features: JSON.stringify(features), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Domain types of a project, returned as code → id. */
export async function insertDomainTypes(
  trx: Trx,
  projectId: number,
  types: Record<string, string>,
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [type, name] of Object.entries(types)) {
    const row = await trx
      .insertInto('domain_types')
      .values({ project_id: projectId, type, name, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[type] = row.id;
  }
  return ids;
}

export interface DomainSeed {
  name: string;
  type: string;
  logic_address?: string;
}

/** Inserts a group tree as a nested set; returns group name → id. */
export async function insertDomainTree(
  trx: Trx,
  projectId: number,
  typeIds: Record<string, number>,
  tree: TreeNode<DomainSeed>,
  createdBy: number | null,
): Promise<Record<string, number>> {
  return (await insertDomainForest(trx, projectId, typeIds, tree, createdBy)).byName;
}

/**
 * Inserts a group tree as a nested set, one multi-row insert per depth (parents
 * first, so each level knows its parents' ids). Answers ids by name (names
 * that repeat, such as "Floor 1", keep the first) and by path ("Building A/Entrance 2").
 */
export async function insertDomainForest(
  trx: Trx,
  projectId: number,
  typeIds: Record<string, number>,
  tree: TreeNode<DomainSeed>,
  createdBy: number | null,
  now: string = nowIso(),
): Promise<{ byName: Record<string, number>; byPath: Record<string, number> }> {
  const nodes = numberTree(tree);
  const depth: number[] = [];
  const path: string[] = [];
  for (const [i, node] of nodes.entries()) {
    const parent = node.parentIndex;
    depth[i] = parent === null ? 0 : depth[parent]! + 1;
    path[i] = parent === null ? node.value.name : `${path[parent]}/${node.value.name}`;
  }
  const ids: number[] = [];
  for (let level = 0; level <= Math.max(...depth); level++) {
    const indices = nodes.flatMap((_, i) => (depth[i] === level ? [i] : []));
    const rows = indices.map((i) => {
      const node = nodes[i]!;
      return {
        project_id: projectId,
        parent_id: node.parentIndex === null ? null : ids[node.parentIndex]!,
        name: node.value.name,
        description: null,
        domain_type_id: typeIds[node.value.type] ?? null,
        logic_address: node.value.logic_address ?? null,
        lft: node.lft,
        rgt: node.rgt,
        created_by_user_id: createdBy,
        created_at: now,
        updated_at: now,
      };
    });
    await insertMany(trx, 'domains', rows);
    const stored = await trx
      .selectFrom('domains')
      .select(['id', 'lft'])
      .where('project_id', '=', projectId)
      .where(
        'lft',
        'in',
        rows.map((r) => r.lft),
      )
      .execute();
    const byLft = new Map(stored.map((r) => [r.lft, r.id]));
    for (const i of indices) ids[i] = byLft.get(nodes[i]!.lft)!;
  }
  const byName: Record<string, number> = {};
  const byPath: Record<string, number> = {};
  for (const [i, node] of nodes.entries()) {
    byName[node.value.name] ??= ids[i]!;
    byPath[path[i]!] = ids[i]!;
  }
  return { byName, byPath };
}

/** Rows per INSERT: well below both dialects' limits on bound parameters. */
const CHUNK = 250;

/** A multi-row insert of any size, in chunks, without reading anything back. */
export async function insertMany<T extends keyof Database & string>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely cannot type the values of a table chosen by a type parameter; `rows` is checked above.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

export async function insertRole(
  trx: Trx,
  role: { projectId: number; name: string; description: string; permissions: readonly Permission[]; isAdmin: boolean },
): Promise<number> {
  const now = nowIso();
  const row = await trx
    .insertInto('roles')
    .values({
      project_id: role.projectId,
      name: role.name,
      description: role.description,
      permissions: JSON.stringify(role.permissions),
      is_admin: role.isAdmin ? 1 : 0,
      created_by_user_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAvailableRoles(trx: Trx, roleId: number, availableRoleIds: number[]): Promise<void> {
  if (availableRoleIds.length === 0) return;
  await trx
    .insertInto('role_available_roles')
    .values(availableRoleIds.map((available_role_id) => ({ role_id: roleId, available_role_id })))
    .execute();
}

export interface UserSeed {
  login: string;
  passwordHash: string;
  name: string;
  firstname?: string;
  lastname?: string;
  email?: string;
}

/** An active user (activated now) who can log in at once. */
export async function insertUser(trx: Trx, user: UserSeed): Promise<number> {
  const now = nowIso();
  const row = await trx
    .insertInto('users')
    .values({
      login: user.login,
      password_hash: user.passwordHash,
      name: user.name,
      firstname: user.firstname ?? null,
      lastname: user.lastname ?? null,
      email: user.email ?? null,
      phone: null,
      description: null,
      avatar_url: null,
      profile_phone: null,
      profile_address: null,
      country_code: null,
      sip_number_id: null,
      activated_at: now,
      created_by_user_id: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes a user a member of a project with a role, placed in the given groups. */
export async function addMember(
  trx: Trx,
  member: { userId: number; projectId: number; roleId: number; domainIds: number[] },
): Promise<void> {
  await trx
    .insertInto('memberships')
    .values({ user_id: member.userId, project_id: member.projectId, role_id: member.roleId, created_at: nowIso() })
    .execute();
  if (member.domainIds.length > 0) {
    await trx
      .insertInto('user_domains')
      .values(member.domainIds.map((domain_id) => ({ user_id: member.userId, domain_id })))
      .execute();
  }
}
