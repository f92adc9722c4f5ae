/**
 * `npm run bench`: runs every bench/*.bench.ts (or the ones named on the command
 * line) one after another in its own process, so one bench's memory and
 * timers never disturb the next. Each bench prints its own report.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
