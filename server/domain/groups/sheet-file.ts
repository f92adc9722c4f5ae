import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ERROR_CODES } from '../../../src/contract/errors';
import { loadExcelJS } from '../../lazy-packages';
import { refused } from '../errors';

export type Cell = string | number | null;
/** One spreadsheet row by column name, with its row number in the file (the header is row 1). */
export type Row = { row: number; values: Record<string, Cell> };
/** A sheet of an uploaded book: its header (index = column number) and its non-empty rows. */
export interface Sheet {
  name: string;
  header: string[];
  rows: Row[];
}

/**
 * The sheets of an uploaded .xlsx, in the book's order (docs/decisions.md, Users:
 * uploaded books). exceljs's streaming reader reads 100k rows in about half the time of
 * loading the whole book, without its cell model, and gives the event loop a turn between
 * chunks instead of parsing for seconds at once; a book it cannot name its sheets in
 * (an unusual part order) is loaded whole instead. Not a workbook: `invalid file`.
 */
export async function readWorkbook(file: Buffer): Promise<Sheet[]> {
  const excel = await loadExcelJS();
  try {
    const streamed = await streamSheets(excel, file);
    if (streamed) return streamed;
  } catch {
    // Not readable as a stream: the whole-book loader decides.
  }
  const book = new excel.Workbook();
  try {
    await book.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw refused(ERROR_CODES.invalidFile);
  }
  return book.worksheets.map((sheet) => {
    const header = headerOf(sheet.getRow(1).values);
    const rows: Row[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) pushRow(rows, header, number, row.values);
    });
    return { name: sheet.name, header, rows };
  });
}

/** The sheets read by the streaming reader, or null when it could not tell a sheet's name. */
async function streamSheets(excel: typeof ExcelJS, file: Buffer): Promise<Sheet[] | null> {
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    // Styles tell dates from numbers, as the whole-book loader does.
    styles: 'cache',
    // A linked cell's value is its text, which is what the whole-book loader's `text` gives.
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const sheets: Sheet[] = [];
  for await (const worksheet of reader) {
    const name = (worksheet as unknown as { name?: string }).name;
    if (name === undefined) return null;
    const sheet: Sheet = { name, header: [], rows: [] };
    for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
      if (row.number === 1) sheet.header = headerOf(row.values);
      else pushRow(sheet.rows, sheet.header, row.number, row.values);
    }
    sheets.push(sheet);
  }
  // Parts come in the zip's order; the book's order is that of its workbook part.
  const order = ((reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []).map(
    (s) => s.name,
  );
  return sheets.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

const headerOf = (values: ExcelJS.Row['values']) =>
  (Array.isArray(values) ? values : []).map((h) => String(h ?? '').trim());

/** Keeps a row that has a value in a named column; a linked cell gives its text. */
function pushRow(rows: Row[], header: string[], number: number, cells: ExcelJS.Row['values']) {
  const list = (Array.isArray(cells) ? cells : []) as unknown[];
  const values: Record<string, Cell> = {};
  let any = false;
  header.forEach((key, index) => {
    if (!key) return;
    const raw = list[index];
    const plain = raw && typeof raw === 'object' && 'text' in raw ? (raw as { text: string }).text : raw;
    const value = plain === undefined || plain === null || plain === '' ? null : (plain as Cell);
    values[key] = value;
    if (value !== null) any = true;
  });
  if (any) rows.push({ row: number, values });
}
