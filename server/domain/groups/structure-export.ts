import type ExcelJS from 'exceljs';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { STRUCTURE_PATH_SEPARATOR, STRUCTURE_SHEETS } from '../../../src/contract/entities/group-structure';
import type { Database } from '../../db/schema';
import { loadExcelJS } from '../../lazy-packages';
import type { Auth } from '../auth/auth-context';
import { scopedUsers } from '../users/users';
import { viewScope } from './access';

/**
 * The structure file of a group (7.3): a Groups sheet with the groups below it
 * (`parent` is the path of names from the exported group, empty for its direct
 * children) and a Users sheet with the members of those groups. Import reads
 * the same format, so an export can be edited and imported back.
 */
export interface StructureBase {
  id: number;
  lft: number;
  rgt: number;
}

export type StructureCell = string | number;
export interface StructureRows {
  groups: Record<string, StructureCell>[];
  users: Record<string, StructureCell>[];
}

/** The rows of both sheets, in the file's columns (the users' export writes the Users rows alone). */
export async function structureRows(
  db: Kysely<Database>,
  auth: Auth,
  base: StructureBase,
  options: { domainType?: string; tzOffset: number },
): Promise<StructureRows> {
  let groupsQuery = db
    .selectFrom('domains as d')
    .leftJoin('domain_types as t', 't.id', 'd.domain_type_id')
    .select(['d.id', 'd.parent_id', 'd.name', 'd.logic_address', 'd.description', 't.type'])
    .where('d.project_id', '=', auth.projectId)
    .where('d.lft', '>=', base.lft)
    .where('d.rgt', '<=', base.rgt)
    // Only what the caller may see: the groups of the view scope, the users of the users scope.
    .where(viewScope(auth, 'd') ?? sql<SqlBool>`1 = 0`)
    .orderBy('d.lft');
  const all = await groupsQuery.execute();
  const byId = new Map(all.map((g) => [g.id, g]));
  const pathOf = (id: number | null): string => {
    const names: string[] = [];
    for (
      let cur = id === null ? undefined : byId.get(id);
      cur && cur.id !== base.id;
      cur = byId.get(cur.parent_id ?? -1)
    ) {
      names.unshift(cur.name);
    }
    return names.join(STRUCTURE_PATH_SEPARATOR);
  };
  if (options.domainType) groupsQuery = groupsQuery.where('t.type', '=', options.domainType);
  const groups = options.domainType ? await groupsQuery.execute() : all;

  let usersQuery = scopedUsers(db, auth)
    .innerJoin('user_domains as ud', 'ud.user_id', 'u.id')
    .innerJoin('domains as d', 'd.id', 'ud.domain_id')
    .select([
      'u.id',
      'ud.domain_id',
      'u.login',
      'u.email',
      'u.name',
      'u.firstname',
      'u.lastname',
      'u.phone',
      'u.activated_at',
    ])
    .where('d.project_id', '=', auth.projectId)
    // The group's own members too: their `group` cell is empty.
    .where('d.lft', '>=', base.lft)
    .where('d.rgt', '<=', base.rgt)
    .where(viewScope(auth, 'd') ?? sql<SqlBool>`1 = 0`)
    .orderBy('d.lft')
    .orderBy('u.name');
  // With a type filter, the members of the exported groups only.
  if (options.domainType) {
    usersQuery = usersQuery.where(
      sql<SqlBool>`d.domain_type_id in (select id from domain_types where project_id = ${auth.projectId} and type = ${options.domainType})`,
    );
  }
  const users = await usersQuery.execute();

  const shift = options.tzOffset * 3_600_000;
  return {
    groups: groups
      .filter((g) => g.id !== base.id)
      .map((g) => ({
        id: g.id,
        parent: pathOf(g.parent_id),
        name: g.name,
        type: g.type ?? '',
        logic_address: g.logic_address ?? '',
        description: g.description ?? '',
      })),
    users: users.map((u) => ({
      id: u.id,
      group: pathOf(u.domain_id),
      login: u.login,
      email: u.email ?? '',
      name: u.name,
      firstname: u.firstname ?? '',
      lastname: u.lastname ?? '',
      phone: u.phone ?? '',
      activated_at: u.activated_at
        ? new Date(Date.parse(u.activated_at) + shift).toISOString().slice(0, 19).replace('T', ' ')
        : '',
    })),
  };
}

/** Adds a sheet of rows under a bold header row of `columns`. */
export function addRowsSheet(
  book: ExcelJS.Workbook,
  name: string,
  columns: readonly string[],
  rows: Record<string, StructureCell>[],
) {
  const sheet = book.addWorksheet(name);
  sheet.columns = columns.map((key) => ({ header: key, key, width: key === 'name' ? 32 : 20 }));
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

export async function exportStructure(
  db: Kysely<Database>,
  auth: Auth,
  base: StructureBase,
  options: { domainType?: string; tzOffset: number },
): Promise<Buffer> {
  const rows = await structureRows(db, auth, base, options);
  const book = new (await loadExcelJS()).Workbook();
  addRowsSheet(book, STRUCTURE_SHEETS.groups.name, STRUCTURE_SHEETS.groups.columns, rows.groups);
  addRowsSheet(book, STRUCTURE_SHEETS.users.name, STRUCTURE_SHEETS.users.columns, rows.users);
  return Buffer.from(await book.xlsx.writeBuffer());
}
