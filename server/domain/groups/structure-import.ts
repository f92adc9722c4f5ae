import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, LogicAddressSchema } from '../../../src/contract/entities/group';
import {
  IMPORT_ROW_ERRORS,
  type ImportRowError,
  STRUCTURE_PATH_SEPARATOR,
  STRUCTURE_SHEETS,
  type StructureImportResult,
} from '../../../src/contract/entities/group-structure';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { DomainError, refused } from '../errors';
import { sendRegistrationLink } from '../users/invitations';
import { assertAssignableRole, createUser } from '../users/users';
import type { GroupAccess } from './access';
import { createGroup } from './groups';
import { type Cell, type Row, readWorkbook } from './sheet-file';
import type { StructureBase } from './structure-export';
import { AccountIndex, groupCheck, knownAccounts, type NewUser, writeNewUsers } from './structure-import-users';

/** New users written together (one transaction each batch). */
const BATCH_ROWS = 1000;
/** The id of an account of this file not written yet. */
const PENDING = 0;
/** Rows decided between two turns of the event loop. */
const ROWS_PER_TURN = 2000;

const EMAIL = v.pipe(v.string(), v.email());

const text = (value: Cell | undefined) => (value === null || value === undefined ? '' : String(value).trim());

/**
 * Imports a structure file below `base` (7.3, 8.2). Good rows are applied and
 * bad ones reported with the 8.2 per-row messages; one bad row never stops the
 * rest. Groups are matched by their path of names, users by login or e-mail:
 * existing users are attached to their group (with `roleId` if they are new to
 * the project), new ones created and invited.
 */
export async function importStructure(
  ctx: AppContext,
  access: GroupAccess,
  base: StructureBase,
  file: Buffer,
  roleId: number,
): Promise<StructureImportResult> {
  const auth = access.auth;
  const sheets = await readWorkbook(file);
  const sheetNamed = (name: string) => sheets.find((sheet) => sheet.name === name)?.rows;
  const groupRows = sheetNamed(STRUCTURE_SHEETS.groups.name);
  const userRows = sheetNamed(STRUCTURE_SHEETS.users.name);
  if (!groupRows && !userRows) throw refused(ERROR_CODES.wrongFileBody);
  const errors: ImportRowError[] = [];
  const fail = (
    sheet: string,
    row: number,
    message: string,
    column?: string,
    params?: Record<string, string | number>,
  ) => errors.push({ sheet, row, message, ...(column ? { column } : {}), ...(params ? { params } : {}) });
  const result = { users_attached: 0, users_created: 0, groups_created: 0 };

  const paths = await knownPaths(ctx.db, auth, base);
  const types = new Map(
    (
      await ctx.db.selectFrom('domain_types').select(['id', 'type']).where('project_id', '=', auth.projectId).execute()
    ).map((t) => [t.type, t.id]),
  );

  const groupSheet = STRUCTURE_SHEETS.groups.name;
  for (const { row, values } of groupRows ?? []) {
    if (values.id != null && !Number.isInteger(Number(values.id))) {
      fail(groupSheet, row, IMPORT_ROW_ERRORS.unparsableId, 'id');
      continue;
    }
    const name = text(values.name);
    if (!name) {
      fail(groupSheet, row, ERROR_CODES.invalidDataSent, 'name');
      continue;
    }
    if (name.length > GROUP_NAME_MAX) {
      fail(groupSheet, row, IMPORT_ROW_ERRORS.nameTooLong, 'name', { length: GROUP_NAME_MAX });
      continue;
    }
    // A spreadsheet cell may hold anything: the same limits as the group dialog, as row errors.
    const address = v.safeParse(LogicAddressSchema, text(values.logic_address));
    if (!address.success) {
      fail(groupSheet, row, IMPORT_ROW_ERRORS.valueOutOfRange, 'logic_address');
      continue;
    }
    const description = text(values.description);
    if (description.length > GROUP_DESCRIPTION_MAX) {
      fail(groupSheet, row, IMPORT_ROW_ERRORS.valueOutOfRange, 'description', { length: GROUP_DESCRIPTION_MAX });
      continue;
    }
    const parentPath = text(values.parent);
    const path = parentPath ? `${parentPath}${STRUCTURE_PATH_SEPARATOR}${name}` : name;
    if (paths.has(path)) continue; // already there: the file may be an edited export
    const parentId = parentPath ? paths.get(parentPath) : base.id;
    const typeId = types.get(text(values.type));
    if (parentId === undefined || typeId === undefined) {
      fail(groupSheet, row, IMPORT_ROW_ERRORS.domainNotAllowed, parentId === undefined ? 'parent' : 'type');
      continue;
    }
    try {
      const id = await createGroup(ctx.db, access, {
        name,
        parent_id: parentId,
        domain_type_id: typeId,
        logic_address: address.output || null,
        description: description || null,
      });
      paths.set(path, id);
      result.groups_created++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The caller may not create groups there: the place is not theirs.
      if (error.kind === 'forbidden') fail(groupSheet, row, IMPORT_ROW_ERRORS.domainNotAllowed, 'parent');
      else fail(groupSheet, row, error.body.message, undefined, error.body.params);
    }
  }

  const users = await importUserRows(ctx, auth, userRows ?? [], {
    sheet: STRUCTURE_SHEETS.users.name,
    groupOf: (path) => (path ? paths.get(path) : base.id),
    roleId,
    fail,
  });
  result.users_created = users.users_created;
  result.users_attached = users.users_attached;
  return { ...result, errors };
}

/** Reports one refused row (8.2): the sheet, its row number, a catalogue code, the column and its values. */
export type FailRow = (
  sheet: string,
  row: number,
  message: string,
  column?: string,
  params?: Record<string, string | number>,
) => void;

/**
 * The users rows of an import (the structure file's Users sheet, the users' batch upload):
 * each row's `group` (a path of names below the import group, empty for the group itself)
 * is resolved by `groupOf`; existing accounts are matched by login or e-mail and attached,
 * new ones created with `roleId` and invited, in batches. Bad rows go to `fail` in row order,
 * the rest go on.
 */
export async function importUserRows(
  ctx: AppContext,
  auth: Auth,
  userRows: Row[],
  options: { sheet: string; groupOf: (path: string) => number | undefined; roleId: number; fail: FailRow },
): Promise<{ users_attached: number; users_created: number }> {
  const userSheet = options.sheet;
  const { roleId } = options;
  const result = { users_attached: 0, users_created: 0 };
  const mayCreate = hasPermission(auth.role.permissions, 'users.create');
  // Attaching an existing member to a group edits that user.
  const mayEdit = hasPermission(auth.role.permissions, 'users.edit_all');
  // Errors of the users sheet in row order, whether found at once or when a batch is written.
  const userErrors: ImportRowError[] = [];
  const failUser = (row: number, message: string, column?: string) =>
    userErrors.push({ sheet: userSheet, row, message, ...(column ? { column } : {}) });
  const accounts = new AccountIndex(
    await knownAccounts(
      ctx.db,
      auth.projectId,
      userRows.map(({ values }) => text(values.login) || text(values.email)).filter(Boolean),
      userRows.map(({ values }) => text(values.email)).filter(Boolean),
    ),
  );
  const groupAllowed = groupCheck(ctx.db, auth);
  // New users wait here until BATCH_ROWS of them go in together; `placeholders` are their index entries.
  let pending: NewUser[] = [];
  let placeholders: { id: number }[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    const entries = placeholders;
    pending = [];
    placeholders = [];
    const written = await writeNewUsers(ctx, auth, roleId, batch).catch(() => null);
    if (written) {
      written.ids.forEach((id, k) => {
        entries[k]!.id = id;
      });
      result.users_created += batch.length;
      for (const row of written.notInvited) failUser(row, IMPORT_ROW_ERRORS.cannotInviteUser);
      return;
    }
    // The batch was refused as a whole (an account made meanwhile by someone else): one by one, each with its error.
    for (const [k, u] of batch.entries()) entries[k]!.id = await createOne(u);
  };
  const createOne = async (u: NewUser): Promise<number> => {
    try {
      const userId = await createUser(ctx.db, auth, {
        login: u.login,
        name: u.name,
        email: u.email,
        firstname: u.firstname,
        lastname: u.lastname,
        phone: u.phone,
        description: null,
        role_id: roleId,
        domains: [u.groupId],
        markers: [],
        elevator_access_disabled: false,
        send_registration_link: true,
      });
      result.users_created++;
      if (u.email) {
        await sendRegistrationLink(ctx, { userId, projectId: auth.projectId }).catch(() =>
          failUser(u.row, IMPORT_ROW_ERRORS.cannotInviteUser),
        );
      }
      return userId;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const field = Object.keys(error.body.errors ?? {})[0];
      failUser(u.row, field === 'phone' ? IMPORT_ROW_ERRORS.valueOutOfRange : error.body.message, field);
      return -1;
    }
  };

  for (const [index, { row, values }] of userRows.entries()) {
    // A long file must not hold the event loop: other requests run between stretches of rows.
    if (index > 0 && index % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const groupPath = text(values.group);
    const groupId = options.groupOf(groupPath);
    if (groupId === undefined) {
      failUser(row, IMPORT_ROW_ERRORS.domainNotAllowed, 'group');
      continue;
    }
    const email = text(values.email) || null;
    if (email && !v.safeParse(EMAIL, email).success) {
      failUser(row, IMPORT_ROW_ERRORS.email, 'email');
      continue;
    }
    const login = text(values.login) || email;
    if (!login) {
      failUser(row, ERROR_CODES.invalidDataSent, 'login');
      continue;
    }
    const name = text(values.name) || login;
    if (name.length > 31) {
      failUser(row, IMPORT_ROW_ERRORS.nameTooLong, 'name');
      userErrors.at(-1)!.params = { length: 31 };
      continue;
    }
    let existing = accounts.existing(login, email);
    if (existing && existing.id === PENDING) {
      await flush();
      // Its row failed after all: the account does not exist.
      if (existing.id < 0) existing = undefined;
    }
    if (existing) {
      const linked = await ctx.db
        .selectFrom('user_domains')
        .select('user_id')
        .where('user_id', '=', existing.id)
        .where('domain_id', '=', groupId)
        .executeTakeFirst();
      // A row that changes nothing needs no right: an unchanged export imports cleanly.
      if (linked && existing.member) continue;
      // A member is edited (users.edit_all); an account new to the project joins it like a new user.
      if (!existing.member ? !mayCreate : !mayEdit) {
        failUser(row, IMPORT_ROW_ERRORS.noPermissionUsers);
        continue;
      }
      if (await attach(ctx.db, auth, existing.id, groupId, roleId)) result.users_attached++;
      existing.member = true;
      continue;
    }
    if (!mayCreate) {
      failUser(row, IMPORT_ROW_ERRORS.noPermissionUsers);
      continue;
    }
    const refusal = accounts.uniqueness(login, email) ?? (await groupAllowed(groupId));
    if (refusal) {
      failUser(row, refusal.body.message, Object.keys(refusal.body.errors ?? {})[0]);
      continue;
    }
    const entry = { id: PENDING, login, email, deleted: false, member: true };
    accounts.add(entry);
    placeholders.push(entry);
    pending.push({
      row,
      login,
      name,
      email,
      firstname: text(values.firstname) || null,
      lastname: text(values.lastname) || null,
      phone: text(values.phone) || null,
      groupId,
    });
    if (pending.length >= BATCH_ROWS) await flush();
  }
  await flush();
  for (const e of userErrors.sort((a, b) => a.row - b.row)) options.fail(e.sheet, e.row, e.message, e.column, e.params);
  return result;
}

/** Paths (names joined by the separator, relative to base) of the groups already below base. */
export async function knownPaths(db: Kysely<Database>, auth: Auth, base: StructureBase) {
  const rows = await db
    .selectFrom('domains')
    .select(['id', 'parent_id', 'name'])
    .where('project_id', '=', auth.projectId)
    .where('lft', '>', base.lft)
    .where('rgt', '<', base.rgt)
    .orderBy('lft')
    .execute();
  const pathById = new Map<number, string>();
  const paths = new Map<string, number>();
  for (const r of rows) {
    const parent = r.parent_id === base.id ? '' : (pathById.get(r.parent_id ?? -1) ?? '');
    const path = parent ? `${parent}${STRUCTURE_PATH_SEPARATOR}${r.name}` : r.name;
    pathById.set(r.id, path);
    paths.set(path, r.id);
  }
  return paths;
}

/**
 * Makes an existing account a member of the project (if it is not yet) and of
 * the group; answers whether anything changed, so a re-import counts nothing.
 */
async function attach(
  db: Kysely<Database>,
  auth: Auth,
  userId: number,
  groupId: number,
  roleId: number,
): Promise<boolean> {
  const member = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!member) {
    await db
      .insertInto('memberships')
      .values({ user_id: userId, project_id: auth.projectId, role_id: roleId, created_at: new Date().toISOString() })
      .execute();
  }
  const linked = await db
    .selectFrom('user_domains')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('domain_id', '=', groupId)
    .executeTakeFirst();
  if (!linked) await db.insertInto('user_domains').values({ user_id: userId, domain_id: groupId }).execute();
  return !member || !linked;
}

/**
 * The role new and newly attached users of an import get: a role of the
 * project that the caller may assign (6.1 available roles).
 */
export async function importRole(db: Kysely<Database>, auth: Auth, roleId: number): Promise<number> {
  await assertAssignableRole(db, auth, roleId);
  return roleId;
}
