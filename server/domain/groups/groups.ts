import type { Kysely, Transaction } from 'kysely';
import type { GroupCreate, GroupPatch, GroupSettings } from '../../../src/contract/entities/group';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import { blankToNull } from '../../../src/contract/validation';
import type { Database } from '../../db/schema';
import { nowIso } from '../clock';
import { conflict, invalidData, itemNotFound, prohibited, refused } from '../errors';
import {
  canCreateUnder,
  canDelete,
  canEdit,
  canManageSelf,
  canMoveUnder,
  canView,
  type GroupAccess,
  loadGroupAccess,
} from './access';
import {
  assertAddressFree,
  assertFits,
  assertTypeAllowedAt,
  chainTo,
  findGroup,
  type PlacedGroup,
  requireDomainType,
  subtreeOf,
} from './context';
import { readSettings } from './read';
import { normaliseLogicAddress } from './rules';
import { deleteSubtree, insertForest, lockProjectTree, moveSubtree } from './tree';

/**
 * Creating, changing and deleting groups under the hierarchy rules of 8.2
 * (rules.ts) and the scopes of 6.2 (access.ts).
 */
type Trx = Transaction<Database>;

/**
 * Locks the project's tree and reloads the caller's own groups inside the
 * transaction: their bounds move with every insert, move and delete, so an
 * access loaded earlier in the request (an import writes many groups) is stale.
 */
export async function lockTree(trx: Trx, access: GroupAccess): Promise<GroupAccess> {
  await lockProjectTree(trx, access.auth.projectId);
  return loadGroupAccess(trx, access.auth);
}

/** A visible group, or 404 (a group the caller may not see does not exist for them). */
export async function requireVisibleGroup(db: Kysely<Database> | Trx, access: GroupAccess, id: number) {
  const group = await findGroup(db, access.auth.projectId, id);
  if (!group || !canView(access, group)) throw itemNotFound();
  return group;
}

/** The parent a body names, which the caller must be able to see. */
async function requireParent(trx: Trx, access: GroupAccess, id: number | null): Promise<PlacedGroup | null> {
  if (id === null) return null;
  const parent = await findGroup(trx, access.auth.projectId, id);
  if (!parent || !canView(access, parent)) throw invalidData({ parent_id: { code: 'invalid' } });
  return parent;
}

/** Users of the project (not deleted); any other id is an invalid related entity. */
async function requireMembers(trx: Trx, projectId: number, ids: readonly number[], entity: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await trx
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.id')
    .where('memberships.project_id', '=', projectId)
    .where('users.deleted_at', 'is', null)
    .where('users.id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) {
    throw refused(ERROR_CODES.invalidRelatedEntity, { entities: [entity] });
  }
}

type SettingsInput = Partial<Omit<GroupSettings, 'whitelabel_settings'>> & {
  whitelabel_settings?: Omit<GroupSettings['whitelabel_settings'], 'logo'>;
};

/** Merges settings from a body into stored ones; blank texts become null (7.9). */
function mergeSettings(stored: GroupSettings, input: SettingsInput): GroupSettings {
  const out: GroupSettings = { ...stored };
  if (input.is_resident_phonebook_enabled !== undefined) {
    out.is_resident_phonebook_enabled = input.is_resident_phonebook_enabled;
  }
  if (input.guest_identifier_limits) out.guest_identifier_limits = input.guest_identifier_limits;
  if (input.whitelabel_settings) {
    const w = input.whitelabel_settings;
    out.whitelabel_settings = {
      is_enabled: w.is_enabled,
      logo: stored.whitelabel_settings.logo,
      name: blankToNull(w.name),
      address: blankToNull(w.address),
      email: blankToNull(w.email),
      phone: blankToNull(w.phone),
    };
  }
  if (input.apple_wallet_settings) {
    const a = input.apple_wallet_settings;
    out.apple_wallet_settings = {
      is_enabled: a.is_enabled,
      backfields: blankToNull(a.backfields),
      background_color: blankToNull(a.background_color),
      barcode_alt_text: blankToNull(a.barcode_alt_text),
      developer_name: blankToNull(a.developer_name),
      developer_name_color: blankToNull(a.developer_name_color),
      font_color: blankToNull(a.font_color),
    };
  }
  if (input.device_status_notify) out.device_status_notify = input.device_status_notify;
  return out;
}

const SETTINGS_KEYS = [
  'is_resident_phonebook_enabled',
  'guest_identifier_limits',
  'whitelabel_settings',
  'apple_wallet_settings',
  'device_status_notify',
] as const;

/** PUT /domains: creates one group; answers its id. */
export async function createGroup(db: Kysely<Database>, before: GroupAccess, body: GroupCreate): Promise<number> {
  const { projectId, userId } = before.auth;
  if (body.users?.length && !hasPermission(before.auth.role.permissions, 'users.edit_all')) throw prohibited();
  return db.transaction().execute(async (trx) => {
    const access = await lockTree(trx, before);
    const parent = await requireParent(trx, access, body.parent_id);
    if (!canCreateUnder(access, parent)) throw prohibited();
    const type = await requireDomainType(trx, projectId, body.domain_type_id);
    await assertTypeAllowedAt(trx, projectId, type, parent);
    assertFits([{ type: type.type, depth: 0 }], await chainTo(trx, projectId, parent));
    const logic_address = normaliseLogicAddress(body.logic_address, type.type);
    await assertAddressFree(trx, projectId, { parent_id: parent?.id ?? null, domain_type_id: type.id, logic_address });
    await requireMembers(trx, projectId, body.users ?? [], 'users');
    await requireMembers(
      trx,
      projectId,
      (body.device_status_notify ?? []).map((n) => n.user_id),
      'device_status_notify',
    );
    const settings = mergeSettings(readSettings('{}'), body);
    const { topIds } = await insertForest(
      trx,
      projectId,
      parent?.id ?? null,
      [
        {
          value: {
            name: body.name,
            description: blankToNull(body.description),
            domain_type_id: type.id,
            logic_address,
            settings: JSON.stringify(settings),
          },
        },
      ],
      userId,
    );
    const id = topIds[0]!;
    const users = [...new Set(body.users ?? [])];
    if (users.length)
      await trx
        .insertInto('user_domains')
        .values(users.map((user_id) => ({ user_id, domain_id: id })))
        .execute();
    return id;
  });
}

/** Which permission lets a self-domain manager change each part of their own group (6.2). */
const SELF_PERMISSION: Partial<Record<keyof GroupPatch, Permission>> = {
  name: 'self_domain.manage_general',
  description: 'self_domain.manage_general',
  logic_address: 'self_domain.manage_general',
  is_resident_phonebook_enabled: 'self_domain.manage_general',
  whitelabel_settings: 'self_domain.manage_white_label',
  apple_wallet_settings: 'self_domain.manage_white_label',
  guest_identifier_limits: 'self_domain.manage_guest_access',
  device_status_notify: 'self_domain.manage_notifications',
  users: 'self_domain.manage_users',
};

/** Refuses a patch with any field the caller may not change on this group. */
function assertMayPatch(access: GroupAccess, group: PlacedGroup, patch: GroupPatch): void {
  const editor = canEdit(access, group);
  for (const key of Object.keys(patch) as (keyof GroupPatch)[]) {
    if (patch[key] === undefined) continue;
    // A form sends its whole state: an unchanged place or type needs no right to change it.
    if (key === 'parent_id' && patch.parent_id === group.parent_id) continue;
    if (key === 'domain_type_id' && patch.domain_type_id === group.domain_type_id) continue;
    const self = SELF_PERMISSION[key];
    const bySelf = self !== undefined && canManageSelf(access, group, self);
    const byEditor = editor && (key !== 'users' || hasPermission(access.auth.role.permissions, 'users.edit_all'));
    if (!bySelf && !byEditor) throw prohibited();
  }
}

/** PATCH /domains/{id}: changes fields, the type, or the parent (moving the whole subtree). */
export async function updateGroup(
  db: Kysely<Database>,
  before: GroupAccess,
  id: number,
  patch: GroupPatch,
): Promise<void> {
  const { projectId } = before.auth;
  await db.transaction().execute(async (trx) => {
    const access = await lockTree(trx, before);
    const group = await requireVisibleGroup(trx, access, id);
    assertMayPatch(access, group, patch);

    const moving = patch.parent_id !== undefined && patch.parent_id !== group.parent_id;
    const newParent = moving ? await requireParent(trx, access, patch.parent_id ?? null) : null;
    if (moving) {
      if (!canMoveUnder(access, newParent)) throw prohibited();
      if (newParent && newParent.lft >= group.lft && newParent.rgt <= group.rgt) {
        throw invalidData({ parent_id: { code: 'invalid' } });
      }
    }
    const parentPlace = moving
      ? newParent
      : group.parent_id === null
        ? null
        : await findGroup(trx, projectId, group.parent_id);
    const retyping = patch.domain_type_id !== undefined && patch.domain_type_id !== group.domain_type_id;
    const type = retyping ? await requireDomainType(trx, projectId, patch.domain_type_id!) : null;
    if (moving || retyping) {
      const nodes = await subtreeOf(trx, projectId, group);
      if (type) nodes[0] = { type: type.type, depth: 0 };
      assertFits(nodes, await chainTo(trx, projectId, parentPlace ?? null));
      const effective =
        type ?? (group.domain_type_id === null ? null : await requireDomainType(trx, projectId, group.domain_type_id));
      if (effective) await assertTypeAllowedAt(trx, projectId, effective, parentPlace ?? null, group);
    }

    const typeId = type ? type.id : group.domain_type_id;
    const typeCode = type ? type.type : group.type;
    const logic_address = normaliseLogicAddress(
      patch.logic_address !== undefined ? patch.logic_address : group.logic_address,
      typeCode,
    );
    await assertAddressFree(
      trx,
      projectId,
      { parent_id: moving ? (newParent?.id ?? null) : group.parent_id, domain_type_id: typeId, logic_address },
      id,
    );
    if (patch.users) await setMembers(trx, projectId, id, patch.users);
    if (patch.device_status_notify) {
      await requireMembers(
        trx,
        projectId,
        patch.device_status_notify.map((n) => n.user_id),
        'device_status_notify',
      );
    }
    if (moving) await moveSubtree(trx, id, newParent?.id ?? null);

    const stored = await trx.selectFrom('domains').select('settings').where('id', '=', id).executeTakeFirstOrThrow();
    const touchesSettings = SETTINGS_KEYS.some((k) => patch[k] !== undefined);
    await trx
      .updateTable('domains')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: blankToNull(patch.description) } : {}),
        domain_type_id: typeId,
        logic_address,
        ...(touchesSettings ? { settings: JSON.stringify(mergeSettings(readSettings(stored.settings), patch)) } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  });
}

/**
 * Replaces a group's members. A user taken out of their last group of the
 * project is refused: a user must have at least one group (5).
 */
async function setMembers(trx: Trx, projectId: number, groupId: number, userIds: number[]): Promise<void> {
  await requireMembers(trx, projectId, userIds, 'users');
  const wanted = new Set(userIds);
  const current = await trx.selectFrom('user_domains').select('user_id').where('domain_id', '=', groupId).execute();
  const removed = current.map((r) => r.user_id).filter((u) => !wanted.has(u));
  if (removed.length) {
    const elsewhere = await trx
      .selectFrom('user_domains')
      .innerJoin('domains', 'domains.id', 'user_domains.domain_id')
      .select('user_domains.user_id')
      .where('domains.project_id', '=', projectId)
      .where('user_domains.domain_id', '!=', groupId)
      .where('user_domains.user_id', 'in', removed)
      .execute();
    const kept = new Set(elsewhere.map((r) => r.user_id));
    if (removed.some((u) => !kept.has(u))) throw refused(ERROR_CODES.cannotRemoveFromLastObject);
    await trx.deleteFrom('user_domains').where('domain_id', '=', groupId).where('user_id', 'in', removed).execute();
  }
  const have = new Set(current.map((r) => r.user_id));
  const added = [...wanted].filter((u) => !have.has(u));
  if (added.length)
    await trx
      .insertInto('user_domains')
      .values(added.map((user_id) => ({ user_id, domain_id: groupId })))
      .execute();
}

/**
 * Users who would be left without any group of the project if the subtree of
 * `group` went away. They block the deletion (8.2); the caller's own case has
 * its own message.
 */
async function strandedUsers(trx: Trx, projectId: number, group: PlacedGroup): Promise<number[]> {
  const inside = await trx
    .selectFrom('user_domains')
    .innerJoin('domains', 'domains.id', 'user_domains.domain_id')
    .innerJoin('users', 'users.id', 'user_domains.user_id')
    .select('user_domains.user_id')
    .distinct()
    .where('domains.project_id', '=', projectId)
    .where('domains.lft', '>=', group.lft)
    .where('domains.rgt', '<=', group.rgt)
    .where('users.deleted_at', 'is', null)
    .execute();
  const ids = inside.map((r) => r.user_id);
  if (ids.length === 0) return [];
  const outside = await trx
    .selectFrom('user_domains')
    .innerJoin('domains', 'domains.id', 'user_domains.domain_id')
    .select('user_domains.user_id')
    .distinct()
    .where('domains.project_id', '=', projectId)
    .where((eb) => eb.or([eb('domains.lft', '<', group.lft), eb('domains.rgt', '>', group.rgt)]))
    .where('user_domains.user_id', 'in', ids)
    .execute();
  const kept = new Set(outside.map((r) => r.user_id));
  return ids.filter((id) => !kept.has(id));
}

/** Deletes a group and its subtree in an open transaction; the checks of 8.2 first. */
export async function deleteGroupIn(trx: Trx, access: GroupAccess, id: number): Promise<number> {
  const { projectId, userId } = access.auth;
  const group = await requireVisibleGroup(trx, access, id);
  if (!canDelete(access, group)) throw prohibited();
  const stranded = await strandedUsers(trx, projectId, group);
  if (stranded.includes(userId)) throw conflict(ERROR_CODES.cannotDeleteOnlyGroup);
  if (stranded.length > 0) throw conflict(ERROR_CODES.usersMustBeMoved);
  return deleteSubtree(trx, id);
}

/** DELETE /domains/{id}. */
export async function deleteGroup(db: Kysely<Database>, before: GroupAccess, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteGroupIn(trx, await lockTree(trx, before), id);
  });
}

/**
 * POST /domains/delete-all with ids: all or nothing, in one transaction. A
 * listed group inside another listed group goes with it. Answers how many
 * groups were removed, subtrees included.
 */
export async function deleteGroups(db: Kysely<Database>, before: GroupAccess, ids: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const access = await lockTree(trx, before);
    const groups: PlacedGroup[] = [];
    for (const id of new Set(ids)) groups.push(await requireVisibleGroup(trx, access, id));
    const tops = groups.filter((g) => !groups.some((o) => o.lft < g.lft && g.rgt < o.rgt));
    let deleted = 0;
    // Right to left, so deleting one subtree never renumbers the ones still to go.
    for (const top of tops.sort((a, b) => b.lft - a.lft)) {
      deleted += await deleteGroupIn(trx, await loadGroupAccess(trx, access.auth), top.id);
    }
    return deleted;
  });
}
