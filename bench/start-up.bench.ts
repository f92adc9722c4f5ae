/**
 * Cold start: from spawn to the first 200 on /api/v0/info, on a fresh data
 * directory (migrations, first-start seed with its password hashes) and again
 * on that directory (a restart), for the compiled server `npm start` runs, the
 * same server compiled at run time by tsx (how `npm start` ran before), and a
 * bare Fastify server in the same run (the floor). Median and max of a few runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../scripts/build-server.mjs';
import { percentiles } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);

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

async function untilAnswer(url: string, child: ChildProcess, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no answer from ${url} within ${limitMs} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Milliseconds from spawn to the first 200 of one start on `dataDir`. */
async function coldStart(args: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
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
      BARE_PORT: String(port),
      // A quiet project: the cold start is measured without simulated devices or a broker listener.
      MQTT_PORT: 'off',
      GATEHOUSE_SIMULATOR: '0',
    },
  });
  try {
    await untilAnswer(`http://127.0.0.1:${port}/api/v0/info`, child, 60_000);
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

const BARE = join(tmpdir(), `gatehouse-bare-start-${process.pid}.mjs`);
writeFileSync(
  BARE,
  `import Fastify from ${JSON.stringify(join(ROOT, 'node_modules', 'fastify', 'fastify.js'))};
const app = Fastify();
app.get('/api/v0/info', async () => ({ version: '0' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`,
);

const built = await buildServer();
console.log(`compiled server: ${built.rebuilt ? `built in ${built.ms.toFixed(0)} ms` : 'up to date'}`);

const variants: Record<string, string[]> = {
  'bare Fastify': [BARE],
  'compiled server (npm start)': [join(ROOT, 'build', 'server', 'main.mjs')],
  'tsx server/main.ts (as before)': ['--import', 'tsx', join(ROOT, 'server', 'main.ts')],
};
const rows: Record<string, string>[] = [];
const show = (samples: number[]) => {
  const p = percentiles(samples);
  return `${p.p50.toFixed(0)} ms (max ${p.max.toFixed(0)})`;
};
for (const [name, args] of Object.entries(variants)) {
  const fresh: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-start-'));
    fresh.push(await coldStart(args, dataDir));
    restart.push(await coldStart(args, dataDir));
    rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push({ variant: name, runs: String(RUNS), 'fresh data dir': show(fresh), restart: show(restart) });
}
rmSync(BARE, { force: true });
console.log('\nCold start, spawn → first 200 on /api/v0/info: median (max) ms');
console.table(rows);
