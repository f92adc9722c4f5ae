import type { Kysely } from 'kysely';
import { STRUCTURE_SHEETS } from '../../../src/contract/entities/group-structure';
import {
  USER_FILE_COLUMNS,
  type UserFileFormat,
  type UserImportResult,
} from '../../../src/contract/entities/user-transfer';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { loadExcelJS } from '../../lazy-packages';
import type { Auth } from '../auth/auth-context';
import { refused } from '../errors';
import { parseCsv, uncsvCell, writeCsv } from './csv';
import { type Row, readWorkbook } from './sheet-file';
import { addRowsSheet, type StructureBase, structureRows } from './structure-export';
import { type FailRow, importUserRows, knownPaths } from './structure-import';

/**
 * A group's users alone (2.5 batch user upload, users export/import by group):
 * the Users sheet of the structure file (7.3), as .xlsx or .csv. The rows go
 * through the structure import's user rules, so they are matched, attached,
 * created, invited and refused (8.2) exactly as there.
 */
const SHEET = STRUCTURE_SHEETS.users.name;
const isZip = (file: Buffer) => file.length >= 4 && file.readUInt32LE(0) === 0x04034b50;

/** The rows of an uploaded file: an Excel book (its Users sheet, else its first) or CSV text. */
export async function readUsersFile(file: Buffer): Promise<{ sheet: string; rows: Row[] }> {
  if (isZip(file)) {
    const sheets = await readWorkbook(file);
    const sheet = sheets.find((s) => s.name === SHEET) ?? sheets[0];
    if (!sheet) throw refused(ERROR_CODES.wrongFileBody);
    return { sheet: sheet.name, rows: withLoginColumn(sheet.rows, sheet.header) };
  }
  const text = file.toString('utf8');
  // Not text: a binary file of another kind (or a CSV in a legacy code page).
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw refused(ERROR_CODES.invalidFile);
  const [header = [], ...lines] = parseCsv(text);
  const columns = header.map((h) => h.trim());
  const rows: Row[] = [];
  lines.forEach((cells, index) => {
    const values: Row['values'] = {};
    columns.forEach((column, i) => {
      const cell = uncsvCell((cells[i] ?? '').trim());
      if (column) values[column] = cell === '' ? null : cell;
    });
    if (Object.values(values).some((value) => value !== null)) rows.push({ row: index + 2, values });
  });
  return { sheet: SHEET, rows: withLoginColumn(rows, columns) };
}

/** A file with neither a login nor an e-mail column is not a users file. */
function withLoginColumn(rows: Row[], header: string[]): Row[] {
  if (!header.includes('login') && !header.includes('email')) throw refused(ERROR_CODES.wrongFileBody);
  return rows;
}

/** Imports a users file into `base` (its `group` cells are paths below it) with `roleId` for new members. */
export async function importUsers(
  ctx: AppContext,
  auth: Auth,
  base: StructureBase,
  file: Buffer,
  roleId: number,
): Promise<UserImportResult> {
  const { sheet, rows } = await readUsersFile(file);
  const paths = await knownPaths(ctx.db, auth, base);
  const errors: UserImportResult['errors'] = [];
  const fail: FailRow = (sheetName, row, message, column, params) =>
    errors.push({ sheet: sheetName, row, message, ...(column ? { column } : {}), ...(params ? { params } : {}) });
  const result = await importUserRows(ctx, auth, rows, {
    sheet,
    groupOf: (path) => (path ? paths.get(path) : base.id),
    roleId,
    fail,
  });
  return { ...result, errors };
}

/** The users of `base` and the groups below it (those the caller may see), as one sheet or CSV. */
export async function exportUsers(
  db: Kysely<Database>,
  auth: Auth,
  base: StructureBase,
  options: { format: UserFileFormat; tzOffset: number },
): Promise<{ contentType: string; filename: string; data: Buffer | string }> {
  const { users } = await structureRows(db, auth, base, { tzOffset: options.tzOffset });
  if (options.format === 'csv') {
    return { contentType: 'text/csv; charset=utf-8', filename: 'users.csv', data: writeCsv(USER_FILE_COLUMNS, users) };
  }
  const book = new (await loadExcelJS()).Workbook();
  addRowsSheet(book, SHEET, USER_FILE_COLUMNS, users);
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: 'users.xlsx',
    data: Buffer.from(await book.xlsx.writeBuffer()),
  };
}
