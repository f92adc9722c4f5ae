/**
 * The users list API at 100,000 users on the embedded database (SQLite), beside a bare
 * Fastify + better-sqlite3 server answering the same page from the same file (bench/bare/).
 * Both listen on 127.0.0.1 in their own processes; autocannon loads each with 10 connections
 * for BENCH_SECONDS per query. Gatehouse goes through everything a console call does: JWT,
 * caller loaded, permission and scope, filters, count, page, response schema.
 *
 * Prints: query | req/s each | ratio | p99 each | bytes per page each | Gatehouse's event-loop
 * delay p99 during that load (measured inside its process).
 * BENCH_USERS=100000, BENCH_SECONDS=5, BENCH_CONNECTIONS=10.
 * BENCH_CPU_PROF=<dir> writes a CPU profile of the Gatehouse server there (where its time goes).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SIZE = 500;
const DEEP_PAGE = 150;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface Ready {
  type: 'ready';
  port: number;
  token: string;
  projectId: number;
  roleId: number;
  groupId: number;
  dbFile: string;
  seedSeconds: number;
}

const target = fork(here('./support/gatehouse-target.ts'), [], {
  execArgv: [
    '--import',
    'tsx',
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  ],
  stdio: 'inherit',
});
const children: ChildProcess[] = [target];
process.on('exit', () => {
  for (const child of children) child.kill();
});
function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', on);
      resolve(message as T);
    };
    child.on('message', on);
  });
}
const ready = await next<Ready>(target, 'ready');
console.log(`seeded ${process.env.BENCH_USERS ?? 100_000} users in ${ready.seedSeconds.toFixed(1)} s`);

const bare = spawn(
  process.execPath,
  ['--import', 'tsx', here('./bare/users-list-server.ts'), ready.dbFile, String(ready.projectId)],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
children.push(bare);
const barePort = await new Promise<number>((resolve) => {
  bare.stdout?.on('data', (chunk: Buffer) => {
    const match = /listening (\d+)/.exec(chunk.toString());
    if (match) resolve(Number(match[1]));
  });
});

const gh = `http://127.0.0.1:${ready.port}/api/v0`;
const auth = { authorization: `Bearer ${ready.token}` };
const filters = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const list = (params: string) => `${gh}/users/items?size=${SIZE}&sort=name&${params}`;

/** The deep page as a console reaches it: with the cursor of the page before, when the API gives one. */
async function deepPage(): Promise<string> {
  const before = await fetch(list(`page=${DEEP_PAGE - 1}`), { headers: auth });
  const meta = ((await before.json()) as { meta: { next?: string | null } }).meta;
  return meta.next ? list(`page=${DEEP_PAGE}&after=${encodeURIComponent(meta.next)}`) : list(`page=${DEEP_PAGE}`);
}

const SEARCH = 'user 0999';
const queries: { label: string; gatehouse: string; bare: string }[] = [
  { label: 'page 1 of 500, by name', gatehouse: list('page=1'), bare: `/users?page=1&size=${SIZE}` },
  {
    label: `page ${DEEP_PAGE} of 500, by name`,
    gatehouse: await deepPage(),
    bare: `/users?page=${DEEP_PAGE}&size=${SIZE}`,
  },
  {
    label: 'role + group filter',
    gatehouse: list(
      `page=1&filters=${filters([
        { field: 'role', rule: 'has', value: [ready.roleId] },
        { field: 'domains', rule: 'has', value: [ready.groupId] },
      ])}`,
    ),
    bare: `/users?page=1&size=${SIZE}&role=${ready.roleId}&group=${ready.groupId}`,
  },
  {
    label: `contains-search "${SEARCH}"`,
    gatehouse: list(`page=1&filters=${filters([{ field: 'search', rule: 'contains', value: SEARCH }])}`),
    bare: `/users?page=1&size=${SIZE}&q=${encodeURIComponent(SEARCH)}`,
  },
];

interface Measured {
  rps: number;
  p99: number;
  bytes: number;
  total: number;
  failures: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Measured> {
  const probe = await fetch(url, { headers });
  const body = await probe.text();
  if (probe.status !== 200) throw new Error(`${url}: ${probe.status} ${body.slice(0, 300)}`);
  const total = (JSON.parse(body) as { meta: { total: number } }).meta.total;
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 30 });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: Buffer.byteLength(body),
    total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

const rows: string[][] = [];
for (const q of queries) {
  target.send({ type: 'loop:start' });
  await next(target, 'loop:started');
  const mine = await load(q.gatehouse, auth);
  target.send({ type: 'loop:stop' });
  const loop = await next<{ p99: number }>(target, 'loop');
  const theirs = await load(`http://127.0.0.1:${barePort}${q.bare}`, {});
  if (mine.total !== theirs.total) console.log(`! ${q.label}: totals differ (${mine.total} vs ${theirs.total})`);
  if (mine.failures + theirs.failures > 0) console.log(`! ${q.label}: ${mine.failures} / ${theirs.failures} failed`);
  rows.push([
    q.label,
    mine.rps.toFixed(1),
    theirs.rps.toFixed(1),
    `${(mine.rps / theirs.rps).toFixed(2)}×`,
    `${mine.p99} ms`,
    `${theirs.p99} ms`,
    `${(mine.bytes / 1024).toFixed(0)} KB`,
    `${(theirs.bytes / 1024).toFixed(0)} KB`,
    `${loop.p99.toFixed(1)} ms`,
  ]);
}

const header = [
  'query',
  'gatehouse req/s',
  'bare req/s',
  'ratio',
  'gatehouse p99',
  'bare p99',
  'gatehouse bytes/page',
  'bare bytes/page',
  'loop delay p99',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per query, pages of ${SIZE}`);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of rows) console.log(line(r));

target.disconnect();
bare.kill();
await once(target, 'exit');
