import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process (server/main.ts through tsx, one node process, so a
 * SIGKILL reaches the server itself): for tests that kill it mid-work and start it again on
 * the same DATA_DIR.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerChild {
  process: ChildProcess;
  origin: string;
  /** What it printed (stdout and stderr), for a failing test's message. */
  output(): string;
  /** SIGKILL: no shutdown of any kind; resolves once it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

/** Starts the server with `env` (PORT is in it) and resolves once /api/v0/info answers. */
export async function startServerChild(env: Record<string, string>, limitMs = 90_000): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', GATEHOUSE_SKIP_CONSOLE_BUILD: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out = (out + String(chunk)).slice(-20_000);
  });
  child.stderr?.on('data', (chunk) => {
    out = (out + String(chunk)).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
    try {
      if ((await fetch(`${origin}/api/v0/info`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer in time: ${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { process: child, origin, output: () => out, kill9: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
