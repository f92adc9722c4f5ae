import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import type {
  AccessMatrixCell,
  AccessMatrixFilter,
  AccessMatrixRule,
} from '../../../../src/contract/entities/access-matrix';
import type { Database } from '../../../db/schema';
import { loadExcelJS } from '../../../lazy-packages';
import type { Auth } from '../../auth/auth-context';
import { accessMatrixAll } from './matrix';

/**
 * GET /access-matrix/download: the whole matrix of a filter as .xlsx — a sheet `matrix` (name,
 * login, e-mail, identifiers, then one column per door "Device #lock") and a sheet `rules` (each
 * rule named in it, grant or prohibition, its schedules). Written with exceljs's streaming writer
 * a chunk of users at a time, so ten thousand rows never sit in memory as a workbook.
 */

/** A cell as the file writes it: `always` or the schedules that open it; prohibitions after a `|`. */
export function cellText(cell: AccessMatrixCell | undefined, rules: Map<number, AccessMatrixRule>): string {
  if (!cell) return '';
  const named = cell.rules.map((r) => rules.get(r.id)).filter((r): r is AccessMatrixRule => r !== undefined);
  const when = (list: AccessMatrixRule[]) =>
    list.some((r) => r.time_rules.length === 0)
      ? 'always'
      : [...new Set(list.flatMap((r) => r.time_rules.map((t) => t.name)))].join(', ');
  const allows = named.filter((r) => !r.prohibition);
  const denies = named.filter((r) => r.prohibition);
  const parts: string[] = [];
  if (allows.length > 0) parts.push(when(allows));
  if (denies.length > 0) parts.push(`prohibited: ${when(denies)}`);
  return parts.join(' | ');
}

export async function accessMatrixFile(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter): Promise<Buffer> {
  const matrix = await accessMatrixAll(db, auth, filter);
  const { doors } = matrix;
  const excel = await loadExcelJS();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const book = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const sheet = book.addWorksheet('matrix', { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  sheet.columns = [
    { header: 'name', key: 'name', width: 28 },
    { header: 'login', key: 'login', width: 20 },
    { header: 'email', key: 'email', width: 26 },
    { header: 'identifiers', key: 'identifiers', width: 11 },
    ...doors.map((d) => ({
      header: `${d.device_name} #${d.lock_number}`,
      key: `${d.device_id}:${d.lock_number}`,
      width: 18,
    })),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const named = new Map<number, AccessMatrixRule>();
  for await (const { items, rules } of matrix.chunks) {
    for (const rule of rules) named.set(rule.id, rule);
    for (const user of items) {
      const byDoor = new Map(user.cells.map((c) => [`${c.device_id}:${c.lock_number}`, c]));
      sheet
        .addRow([
          user.name,
          user.login,
          user.email ?? '',
          user.identifiers,
          ...doors.map((d) => cellText(byDoor.get(`${d.device_id}:${d.lock_number}`), named)),
        ])
        .commit();
    }
  }
  sheet.commit();
  const legend = book.addWorksheet('rules');
  legend.columns = [
    { header: 'id', key: 'id', width: 8 },
    { header: 'name', key: 'name', width: 32 },
    { header: 'kind', key: 'kind', width: 12 },
    { header: 'schedules', key: 'schedules', width: 40 },
  ];
  legend.getRow(1).font = { bold: true };
  legend.getRow(1).commit();
  for (const rule of [...named.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)) {
    legend
      .addRow([
        rule.id,
        rule.name,
        rule.prohibition ? 'prohibition' : 'grant',
        rule.time_rules.length === 0 ? 'always' : rule.time_rules.map((t) => t.name).join(', '),
      ])
      .commit();
  }
  legend.commit();
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}
