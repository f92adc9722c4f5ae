/**
 * CSV for the users file (RFC 4180: quoted fields, doubled quotes, CRLF or LF).
 * The delimiter of a read file is guessed from its header line: a comma, or the
 * semicolon or tab that spreadsheet programs write in locales with a decimal comma.
 */
const DELIMITERS = [',', ';', '\t'] as const;

function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  let best = ',';
  let most = 0;
  for (const d of DELIMITERS) {
    const count = header.split(d).length - 1;
    if (count > most) [best, most] = [d, count];
  }
  return best;
}

/** Rows of cells; a UTF-8 byte order mark is dropped; empty lines are kept as one empty cell. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * A cell that a spreadsheet would run as a formula (=, @, or + and - not followed by a
 * number, like a phone) is written behind an apostrophe; the reader takes it off again.
 */
const FORMULA = /^(?:[=@\t\r]|[+-](?![\d\s()-]*$))/;

export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = FORMULA.test(text) ? `'${text}` : text;
  return /[",;\t\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Takes off the apostrophe `csvCell` put before a formula-like cell. */
export const uncsvCell = (text: string) => (/^'(?:[=@+-])/.test(text) ? text.slice(1) : text);

/** A CSV file with a UTF-8 byte order mark, so spreadsheet programs read the letters right. */
export function writeCsv(columns: readonly string[], rows: Record<string, string | number>[]): string {
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c] ?? '')).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
