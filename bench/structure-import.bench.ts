/**
 * The structure import (POST /domains/{id}/import/structure) of BENCH_IMPORT_USERS new users
 * (default 100,000) into a group, on the embedded database, with a few bad rows that must come
 * back as per-row errors. Prints rows/s, how much of it is reading the file (exceljs's streaming
 * reader, as the import does), the event-loop delay during the import, and the errors.
 * Goal (issue 10): 100k users in ≤ 60 s.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { readWorkbook } from '../server/domain/groups/sheet-file';
import { buildTestApp } from '../tests/support/api-app';
import { multipart } from '../tests/support/multipart';

const USERS = Number(process.env.BENCH_IMPORT_USERS ?? 100_000);

const t = await buildTestApp('sqlite');
const admin = await t.session('admin');
const projectId = admin.project.id;
const base = await t.db
  .selectFrom('domains')
  .select('id')
  .where('project_id', '=', projectId)
  .where('parent_id', 'is not', null)
  .orderBy('lft')
  .executeTakeFirstOrThrow();
const role = await t.db
  .selectFrom('roles')
  .select('id')
  .where('project_id', '=', projectId)
  .where('is_admin', '=', 0)
  .orderBy('id')
  .executeTakeFirstOrThrow();

const built = performance.now();
const book = new ExcelJS.Workbook();
const users = book.addWorksheet('Users');
users.addRow(['id', 'group', 'login', 'email', 'name', 'firstname', 'lastname', 'phone', 'activated_at']);
for (let n = 0; n < USERS; n++) {
  users.addRow([null, null, `imp${n}`, `imp${n}@example.org`, `Imported ${n}`]);
}
// Rows that must fail, each with its own error: a bad e-mail, a name too long, a login taken (other case).
users.addRow([null, null, 'bad-mail', 'not an e-mail', 'Bad Mail']);
users.addRow([null, null, 'long-name', null, 'N'.repeat(40)]);
users.addRow([null, null, 'IMP1', null, 'Taken login']);
const file = Buffer.from(await book.xlsx.writeBuffer());
console.log(
  `file: ${USERS + 3} user rows, ${(file.length / 1024 / 1024).toFixed(1)} MB, built in ${((performance.now() - built) / 1000).toFixed(1)} s`,
);

// What reading the file alone costs (the import's own reader).
const parsing = performance.now();
await readWorkbook(file);
const parseSeconds = (performance.now() - parsing) / 1000;

const body = multipart({ role_id: String(role.id) }, { file: { name: 'structure.xlsx', data: file } });
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = performance.now();
const res = await t.app.inject({
  method: 'POST',
  url: `/api/v0/domains/${base.id}/import/structure`,
  headers: { authorization: `Bearer ${admin.token}`, ...body.headers },
  payload: body.payload,
});
const seconds = (performance.now() - started) / 1000;
delay.disable();
if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
const result = res.json().data as {
  users_created: number;
  errors: { row: number; message: string; column?: string }[];
};
console.log(
  `structure import: ${result.users_created} users created in ${seconds.toFixed(1)} s ` +
    `(${(USERS / seconds).toFixed(0)} rows/s; reading the file with exceljs alone: ${parseSeconds.toFixed(1)} s); goal ≤ 60 s for 100k; ` +
    `event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms`,
);
console.log(
  `per-row errors (${result.errors.length}): ${result.errors
    .slice(0, 5)
    .map((e) => `row ${e.row} ${e.column ?? ''} ${e.message}`)
    .join('; ')}`,
);
await t.close();
