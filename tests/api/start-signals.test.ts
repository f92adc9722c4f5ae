import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm start` as a process manager or container runs it: SIGTERM to the npm
 * process stops the server and frees its port, and the server stopping ends
 * `npm start`. Linux only (reads /proc for the process tree).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_LIMIT_MS = 90_000;
const STOP_LIMIT_MS = 10_000;

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

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every process below `pid` (children, grandchildren…), from /proc. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat is the parent; the command name (field 2) may hold spaces, so read after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

async function until(check: () => boolean | Promise<boolean>, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

const started: { npm: ChildProcess; tree: number[]; dataDir: string }[] = [];

/** `npm start` on free ports and a fresh data directory, once it answers /api/v0/info. */
async function npmStart() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-start-'));
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SIP_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      GATEHOUSE_ADMIN_PASSWORD: 'start-admin-pass',
      GATEHOUSE_DEMO_PASSWORD: 'start-demo-pass',
      GATEHOUSE_SKIP_CONSOLE_BUILD: '1',
      // A quiet project: no broker listener on the machine's 1883, no simulated demo hardware.
      MQTT_PORT: 'off',
      GATEHOUSE_SIMULATOR: '0',
    },
  });
  const entry = { npm, tree: [] as number[], dataDir };
  started.push(entry);
  const answered = await until(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/v0/info`)).status === 200;
    } catch {
      return false;
    }
  }, START_LIMIT_MS);
  expect(answered).toBe(true);
  entry.tree = descendants(npm.pid ?? 0);
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  return { npm, port, tree: entry.tree, exited };
}

afterEach(() => {
  for (const { npm, tree, dataDir } of started.splice(0)) {
    for (const pid of [npm.pid ?? 0, ...tree]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('npm start and signals', () => {
  it(
    'SIGTERM to the npm process stops the server: port freed, no process of the tree left',
    async () => {
      const { npm, port, tree, exited } = await npmStart();
      // npm → node scripts/start.mjs → node build/server/main.mjs (a shell would sit between without exec).
      expect(tree.length).toBeGreaterThanOrEqual(2);

      process.kill(npm.pid ?? 0, 'SIGTERM');

      expect(await until(() => npm.exitCode !== null || npm.signalCode !== null, STOP_LIMIT_MS)).toBe(true);
      expect(await until(() => tree.every((pid) => !alive(pid)), STOP_LIMIT_MS)).toBe(true);
      expect(await portIsFree(port)).toBe(true);
      await exited;
    },
    START_LIMIT_MS + 3 * STOP_LIMIT_MS,
  );

  it(
    'the server stopping ends npm start',
    async () => {
      const { npm, tree } = await npmStart();
      const server = tree[tree.length - 1] ?? 0;

      process.kill(server, 'SIGTERM');

      expect(await until(() => npm.exitCode !== null || npm.signalCode !== null, STOP_LIMIT_MS)).toBe(true);
      expect(npm.exitCode).toBe(0);
      expect(tree.every((pid) => !alive(pid))).toBe(true);
    },
    START_LIMIT_MS + 2 * STOP_LIMIT_MS,
  );
});
