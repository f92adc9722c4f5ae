import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import {
  IDENTIFIER_FILE_COLUMNS,
  IDENTIFIER_IMPORT_MAX_ROWS,
  IDENTIFIER_TYPES,
  type Identifier,
  type IdentifierDuplicate,
  type IdentifierImportAnswer,
  type IdentifierImportContinue,
  type IdentifierImportReport,
  type IdentifierType,
  type ImportDuplicateAction,
  normaliseIdentifierValue,
} from '../../../src/contract/entities/identifier';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { loadExcelJS } from '../../lazy-packages';
import type { Auth } from '../auth/auth-context';
import { DomainError, refused } from '../errors';
import { parseCsv, uncsvCell, writeCsv } from '../groups/csv';
import { readWorkbook } from '../groups/sheet-file';
import { addRowsSheet } from '../groups/structure-export';
import { scopedUsers } from '../users/users';
import { createIdentifier, type IdentifierInput, updateIdentifier } from './identifier-writes';
import { scopedIdentifiers } from './identifiers';

/**
 * The identifiers file (export and import alike, columns IDENTIFIER_FILE_COLUMNS; owner is the
 * user's login), as .xlsx or .csv. Import is a flow (7.5, 2.5 "import of duplicate identifiers"):
 * the attempt checks every row; when no row's type and value is already held by an identifier
 * the caller sees, the valid rows are saved and the report answered; otherwise nothing is saved,
 * the upload is kept under DATA_DIR/uploads/identifier-imports and its `filepath` answered with
 * the duplicates, and `import/continue` applies the chosen action (skip or replace, for all or per
 * row) and answers the report. A value held by an identifier the caller cannot see is a row error
 * (it is not theirs to replace, nor to learn about beyond "duplicate").
 */
type Cell = string | number | null;
type FileRow = { row: number; values: Record<string, Cell> };

const isZip = (file: Buffer) => file.length >= 4 && file.readUInt32LE(0) === 0x04034b50;

// ---- Export ----

export function identifierFileRow(item: Identifier, logins: Map<number, string>): Record<string, string | number> {
  return {
    name: item.name ?? '',
    type: item.type,
    value: item.value,
    format: 'dec',
    owner: item.owner_id === null ? '' : (logins.get(item.owner_id) ?? ''),
    description: item.description ?? '',
    is_active: item.is_active ? 'true' : 'false',
    period_from: item.period_restrict.active ? (item.period_restrict.from ?? '') : '',
    period_to: item.period_restrict.active ? (item.period_restrict.to ?? '') : '',
    passes_max_count: item.passes_restrict.active ? (item.passes_restrict.max_count ?? '') : '',
  };
}

export async function ownerLogins(db: Kysely<Database>, items: Identifier[]): Promise<Map<number, string>> {
  const ids = [...new Set(items.flatMap((i) => (i.owner_id === null ? [] : [i.owner_id])))];
  const logins = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'login'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) logins.set(Number(r.id), r.login);
  }
  return logins;
}

export async function writeIdentifierFile(format: 'xlsx' | 'csv', rows: Record<string, string | number>[]) {
  if (format === 'csv') {
    return {
      contentType: 'text/csv; charset=utf-8',
      filename: 'identifiers.csv',
      data: writeCsv(IDENTIFIER_FILE_COLUMNS, rows),
    };
  }
  const book = new (await loadExcelJS()).Workbook();
  addRowsSheet(book, 'identifiers', IDENTIFIER_FILE_COLUMNS, rows);
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: 'identifiers.xlsx',
    data: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

// ---- Reading a file ----

export async function readIdentifierFile(file: Buffer): Promise<FileRow[]> {
  let header: string[];
  let rows: FileRow[];
  if (isZip(file)) {
    const [sheet] = await readWorkbook(file);
    if (!sheet) throw refused(ERROR_CODES.wrongFileBody);
    header = sheet.header;
    rows = sheet.rows;
  } else {
    const text = file.toString('utf8');
    if (text.includes('\u0000') || text.includes('\uFFFD')) throw refused(ERROR_CODES.invalidFile);
    const [first = [], ...lines] = parseCsv(text);
    header = first.map((h) => h.trim());
    rows = [];
    lines.forEach((cells, index) => {
      const values: Record<string, Cell> = {};
      header.forEach((column, i) => {
        const cell = uncsvCell((cells[i] ?? '').trim());
        if (column) values[column] = cell === '' ? null : cell;
      });
      if (Object.values(values).some((x) => x !== null)) rows.push({ row: index + 2, values });
    });
  }
  if (!header.includes('value')) throw refused(ERROR_CODES.wrongFileBody);
  if (rows.length > IDENTIFIER_IMPORT_MAX_ROWS) throw refused(ERROR_CODES.wrongFileBody);
  return rows;
}

// ---- Checking rows ----

type RowError = IdentifierImportReport['errors'][number];
interface CheckedRow {
  row: number;
  input: IdentifierInput & { type: IdentifierType; value: string };
}

const text = (c: Cell | undefined) => (c === null || c === undefined ? '' : String(c).trim());
const TRUE = new Set(['true', '1', 'yes', 'y']);
const FALSE = new Set(['false', '0', 'no', 'n']);

function dateCell(c: Cell | undefined): string | null | 'bad' {
  const t = text(c);
  if (t === '') return null;
  const ms = (c as unknown) instanceof Date ? (c as unknown as Date).getTime() : Date.parse(t);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : 'bad';
}

/** Each row as an identifier input, or its errors; the owner column is a login or an e-mail. */
async function checkRows(db: Kysely<Database>, auth: Auth, rows: FileRow[]) {
  const errors: RowError[] = [];
  const checked: CheckedRow[] = [];
  const wanted = [...new Set(rows.map((r) => text(r.values.owner).toLowerCase()).filter((o) => o !== ''))];
  const owners = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 500) {
    const part = wanted.slice(i, i + 500);
    const found = await scopedUsers(db, auth)
      .select(['u.id', 'u.login', 'u.email'])
      .where((eb) => eb.or([eb(sql`lower(u.login)`, 'in', part), eb(sql`lower(u.email)`, 'in', part)]))
      .execute();
    for (const u of found) {
      owners.set(u.login.toLowerCase(), Number(u.id));
      if (u.email) owners.set(u.email.toLowerCase(), Number(u.id));
    }
  }
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const fail = (column: string, message: string, params?: Record<string, string | number>) =>
      errors.push({ row, message, column, ...(params ? { params } : {}) });
    const before = errors.length;
    const typeText = text(values.type).toLowerCase() || 'card';
    const type = (IDENTIFIER_TYPES as readonly string[]).includes(typeText) ? (typeText as IdentifierType) : null;
    if (!type) fail('type', ERROR_CODES.invalidDataSent, { code: 'invalid' });
    const formatText = text(values.format).toLowerCase() || 'dec';
    if (formatText !== 'dec' && formatText !== 'hex') fail('format', ERROR_CODES.invalidDataSent, { code: 'invalid' });
    const format = formatText === 'hex' ? 'hex' : 'dec';
    const normal = type ? normaliseIdentifierValue(type, text(values.value), format) : null;
    if (normal && 'error' in normal) fail('value', ERROR_CODES.invalidDataSent, { code: normal.error });
    const name = text(values.name);
    if (name.length > 31) fail('name', ERROR_CODES.invalidDataSent, { code: 'max_length', length: 31 });
    const description = text(values.description);
    if (description.length > 1000)
      fail('description', ERROR_CODES.invalidDataSent, { code: 'max_length', length: 1000 });
    const ownerText = text(values.owner).toLowerCase();
    const ownerId = owners.get(ownerText) ?? null;
    if (ownerText === '') fail('owner', ERROR_CODES.invalidDataSent, { code: 'required' });
    else if (ownerId === null) fail('owner', ERROR_CODES.invalidRelatedEntity);
    const activeText = text(values.is_active).toLowerCase();
    if (activeText !== '' && !TRUE.has(activeText) && !FALSE.has(activeText)) {
      fail('is_active', ERROR_CODES.invalidDataSent, { code: 'invalid' });
    }
    const from = dateCell(values.period_from);
    const to = dateCell(values.period_to);
    if (from === 'bad') fail('period_from', ERROR_CODES.invalidDataSent, { code: 'invalid' });
    if (to === 'bad') fail('period_to', ERROR_CODES.invalidDataSent, { code: 'invalid' });
    const maxText = text(values.passes_max_count);
    const max = maxText === '' ? null : Number(maxText);
    if (max !== null && !(Number.isSafeInteger(max) && max >= 1 && max <= 1_000_000)) {
      fail('passes_max_count', ERROR_CODES.invalidDataSent, { code: 'range', min: 1, max: 1_000_000 });
    }
    if (errors.length > before || !type || !normal || 'error' in normal) continue;
    const key = `${type}\u0000${normal.value}`;
    if (seen.has(key)) {
      fail('value', ERROR_CODES.duplicateIdentifier, { type, value: normal.value });
      continue;
    }
    seen.add(key);
    const period = from !== null && from !== 'bad' && to !== null && to !== 'bad';
    checked.push({
      row,
      input: {
        name: name || null,
        description: description || null,
        is_active: !FALSE.has(activeText),
        type,
        value: normal.value,
        value_format: 'dec',
        owner_type: 'owner',
        owner_id: ownerId,
        period_restrict: period ? { active: true, from, to } : { active: false, from: null, to: null },
        passes_restrict: max === null ? { active: false, max_count: null } : { active: true, max_count: max },
      },
    });
  }
  return { errors, checked };
}

/** The identifiers already holding the rows' values: those the caller sees, and whether any is hidden. */
async function existingOf(db: Kysely<Database>, auth: Auth, checked: CheckedRow[]) {
  const visible = new Map<string, { id: number; name: string | null; owner: { id: number; name: string } | null }>();
  const hidden = new Set<string>();
  const keyOf = (type: string, value: string) => `${type}\u0000${value}`;
  const byType = new Map<string, string[]>();
  for (const c of checked) byType.set(c.input.type, [...(byType.get(c.input.type) ?? []), c.input.value]);
  for (const [type, values] of byType) {
    for (let i = 0; i < values.length; i += 500) {
      const rows = await db
        .selectFrom('identifiers as i')
        .leftJoin('users as o', 'o.id', 'i.owner_id')
        .select(['i.id', 'i.name', 'i.type', 'i.value', 'i.owner_id', 'o.name as owner_name', 'i.created_by_user_id'])
        .where('i.project_id', '=', auth.projectId)
        .where('i.type', '=', type)
        .where('i.value', 'in', values.slice(i, i + 500))
        .execute();
      const seenIds = new Set(
        rows.length === 0
          ? []
          : (
              await scopedIdentifiers(db, auth)
                .select('i.id')
                .where(
                  'i.id',
                  'in',
                  rows.map((r) => Number(r.id)),
                )
                .execute()
            ).map((r) => Number(r.id)),
      );
      for (const r of rows) {
        const key = keyOf(r.type, r.value);
        if (!seenIds.has(Number(r.id))) hidden.add(key);
        else
          visible.set(key, {
            id: Number(r.id),
            name: r.name,
            owner: r.owner_id === null ? null : { id: Number(r.owner_id), name: r.owner_name ?? '' },
          });
      }
    }
  }
  return { visible, hidden, keyOf };
}

// ---- Saving ----

async function saveRows(
  db: Kysely<Database>,
  auth: Auth,
  rows: FileRow[],
  decide: (row: number) => ImportDuplicateAction,
): Promise<IdentifierImportReport> {
  const { errors, checked } = await checkRows(db, auth, rows);
  const { visible, hidden, keyOf } = await existingOf(db, auth, checked);
  const report: IdentifierImportReport = { created: 0, replaced: 0, skipped: 0, errors };
  for (const c of checked) {
    const key = keyOf(c.input.type, c.input.value);
    const failed = (error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
      const field = Object.keys(error.body.errors ?? {})[0];
      const message =
        error.body.message === ERROR_CODES.invalidDataSent ? ERROR_CODES.errorSavingIdentifier : error.body.message;
      report.errors.push({
        row: c.row,
        message,
        ...(field ? { column: field } : {}),
        params: { name: c.input.name ?? c.input.value, ...(error.body.params ?? {}) },
      });
    };
    if (hidden.has(key)) {
      report.errors.push({
        row: c.row,
        message: ERROR_CODES.duplicateIdentifier,
        column: 'value',
        params: { type: c.input.type, value: c.input.value },
      });
      continue;
    }
    const existing = visible.get(key);
    try {
      if (!existing) {
        await createIdentifier(db, auth, c.input);
        report.created++;
      } else if (decide(c.row) === 'replace') {
        await updateIdentifier(db, auth, existing.id, c.input);
        report.replaced++;
      } else report.skipped++;
    } catch (error) {
      failed(error);
    }
  }
  report.errors.sort((a, b) => a.row - b.row);
  return report;
}

export const importDir = (dataDir: string) => join(dataDir, 'uploads', 'identifier-imports');

/** The import attempt: the report, or the duplicates and the stored file to continue with. */
export async function attemptImport(
  db: Kysely<Database>,
  auth: Auth,
  dataDir: string,
  file: Buffer,
): Promise<IdentifierImportAnswer> {
  const rows = await readIdentifierFile(file);
  const { checked } = await checkRows(db, auth, rows);
  const { visible, keyOf } = await existingOf(db, auth, checked);
  const duplicates: IdentifierDuplicate[] = [];
  for (const c of checked) {
    const existing = visible.get(keyOf(c.input.type, c.input.value));
    if (existing) {
      duplicates.push({ row: c.row, type: c.input.type, value: c.input.value, name: c.input.name ?? null, existing });
    }
  }
  if (duplicates.length === 0) return { status: 'done', report: await saveRows(db, auth, rows, () => 'skip') };
  const filepath = `${auth.userId}-${randomBytes(16).toString('hex')}.${isZip(file) ? 'xlsx' : 'csv'}`;
  await mkdir(importDir(dataDir), { recursive: true });
  await writeFile(join(importDir(dataDir), filepath), file);
  return { status: 'duplicates', filepath, rows: rows.length, duplicates };
}

/** Continues a stored import with the chosen actions; the stored file goes once the report is made. */
export async function continueImport(
  db: Kysely<Database>,
  auth: Auth,
  dataDir: string,
  body: IdentifierImportContinue,
): Promise<IdentifierImportReport> {
  // Only the uploader continues their upload: another user's token names nothing.
  const notFound = () => new DomainError('not_found', { message: ERROR_CODES.notFound });
  if (!body.filepath.startsWith(`${auth.userId}-`)) throw notFound();
  const path = join(importDir(dataDir), body.filepath);
  const file = await readFile(path).catch(() => null);
  if (!file) throw notFound();
  const perRow = new Map(body.rows.map((r) => [r.row, r.action]));
  const report = await saveRows(db, auth, await readIdentifierFile(file), (row) => perRow.get(row) ?? body.action);
  await unlink(path).catch(() => undefined);
  return report;
}
