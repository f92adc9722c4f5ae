import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../server/domain/errors';
import { readWorkbook } from '../../server/domain/groups/sheet-file';

/** The import's reader of uploaded books (the streaming reader, else the whole-book loader). */
describe('readWorkbook', () => {
  it('reads every sheet in the book order, by header, keeping row numbers and cell kinds', async () => {
    const book = new ExcelJS.Workbook();
    const notes = book.addWorksheet('Notes');
    notes.addRow(['note']);
    notes.addRow(['first sheet']);
    const users = book.addWorksheet('Users');
    users.addRow([' login ', 'email', '', 'count', 'since']);
    users.addRow(['ann', { text: 'ann@example.org', hyperlink: 'mailto:ann@example.org' }, 'no header', 7, null]);
    users.addRow([]); // row 3: empty, skipped
    users.addRow(['', '', 'only under no header', null, null]); // row 4: nothing under a header, skipped
    users.addRow(['bob', '', null, 0, new Date(Date.UTC(2024, 1, 3))]); // row 5
    const sheets = await readWorkbook(Buffer.from(await book.xlsx.writeBuffer()));

    expect(sheets.map((s) => s.name)).toEqual(['Notes', 'Users']);
    expect(sheets[0]!.rows).toEqual([{ row: 2, values: { note: 'first sheet' } }]);
    expect(sheets[1]!.header.filter(Boolean)).toEqual(['login', 'email', 'count', 'since']);
    expect(sheets[1]!.rows).toEqual([
      { row: 2, values: { login: 'ann', email: 'ann@example.org', count: 7, since: null } },
      { row: 5, values: { login: 'bob', email: null, count: 0, since: new Date(Date.UTC(2024, 1, 3)) } },
    ]);
  });

  it('refuses what is not a workbook', async () => {
    const refusal = await readWorkbook(Buffer.from('PK\u0003\u0004 not really a zip')).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).body).toEqual({ message: 'invalid file' });
  });
});
