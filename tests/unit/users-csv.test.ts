import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, uncsvCell, writeCsv } from '../../server/domain/groups/csv';

describe('the users CSV', () => {
  it('parses quotes, doubled quotes, line breaks in quotes and CRLF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
  });

  it('guesses the semicolon and tab delimiters from the header, and drops a byte order mark', () => {
    expect(parseCsv('\uFEFFlogin;name\r\nann;Ann, A.\r\n')).toEqual([
      ['login', 'name'],
      ['ann', 'Ann, A.'],
    ]);
    expect(parseCsv('login\tname\nbo\tBo')).toEqual([
      ['login', 'name'],
      ['bo', 'Bo'],
    ]);
  });

  it('writes formula-like cells behind an apostrophe but leaves phone numbers alone, and reads them back', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('+371 2000-0000')).toBe('+371 2000-0000');
    expect(csvCell('Ann, A.')).toBe('"Ann, A."');
    expect(uncsvCell("'=1+1")).toBe('=1+1');
    expect(uncsvCell("O'Brien")).toBe("O'Brien");
    expect(writeCsv(['login', 'phone'], [{ login: 'ann', phone: '+37120000000' }])).toBe(
      '\uFEFFlogin,phone\r\nann,+37120000000\r\n',
    );
  });
});
