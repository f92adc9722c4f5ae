/**
 * The console's first load: /login in Chromium against the compiled server
 * (what `npm start` serves), in fresh browser contexts. Reports the gzip bytes
 * of the JavaScript and CSS it loads (budget: 185 KiB, see tests/support/first-load.ts) by file, and the
 * time from navigation to the login field being visible. Needs the built
 * console (dist/): `npm run build`, or any `npm start`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { buildServer } from '../scripts/build-server.mjs';
import { CHROMIUM } from '../tests/e2e/chromium';
import { type FirstLoad, LOGIN_BUDGET_GZIP_BYTES, measureLoginLoad } from '../tests/support/first-load';
import { percentiles } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 5);

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('dist/ is not built: run `npm run build` first.');
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

await buildServer();
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-first-load-'));
const server: ChildProcess = spawn(process.execPath, [join(ROOT, 'build', 'server', 'main.mjs')], {
  cwd: ROOT,
  stdio: 'ignore',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SIP_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    GATEHOUSE_ADMIN_PASSWORD: 'bench-admin-pass',
    GATEHOUSE_DEMO_PASSWORD: 'bench-demo-pass',
    // A quiet project: the first load is measured without simulated devices or a broker listener.
    MQTT_PORT: 'off',
    GATEHOUSE_SIMULATOR: '0',
  },
});
const origin = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(`${origin}/api/v0/info`)).ok) break;
  } catch {
    if (tries > 1200) throw new Error('the server did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const browser = await chromium.launch(CHROMIUM);
const loads: FirstLoad[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    loads.push(await measureLoginLoad(await context.newPage(), origin, DIST));
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const last = loads[loads.length - 1];
if (last) {
  console.log('\nFirst load of /login: JavaScript and CSS, gzip bytes by file');
  console.table(last.files.map((f) => ({ file: f.path, 'gzip KB': (f.gzipBytes / 1024).toFixed(1) })));
  const time = percentiles(loads.map((l) => l.msToForm));
  console.table([
    {
      'gzip KB': (last.gzipBytes / 1024).toFixed(1),
      'budget KB': (LOGIN_BUDGET_GZIP_BYTES / 1024).toFixed(0),
      files: last.files.length,
      'to login form (median)': `${time.p50} ms`,
      'to login form (max)': `${time.max} ms`,
    },
  ]);
}
