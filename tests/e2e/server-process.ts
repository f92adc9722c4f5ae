import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E } from './env';

/**
 * A platform server of the test's own (not the shared webServer), so a test may
 * kill it and start it again on the same port and data directory.
 */
export function ownServer(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-own-'));
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', join('server', 'main.ts')], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        GATEHOUSE_ADMIN_PASSWORD: E2E.adminPassword,
        GATEHOUSE_DEMO_PASSWORD: E2E.demoPassword,
        LOG_LEVEL: 'error',
        // A quiet project: no broker listener on the machine's 1883, no simulated demo hardware.
        MQTT_PORT: 'off',
        GATEHOUSE_SIMULATOR: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${origin}/api/v0/info`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  /** Kills the process as a crash would (no graceful close of the websockets). */
  const kill = async () => {
    const running = child;
    // Killed by a signal, a process has no exit code: its signal says it is gone.
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };

  return { origin, start, kill };
}

/** Logs in through the API and answers the token of the named project (or the only one). */
export async function apiToken(origin: string, login: string, password: string, project?: string) {
  const res = await fetch(`${origin}/api/v0/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const sessions = (await res.json()).data as Array<{ token: string; project: { name: string } }>;
  return (project ? sessions.find((s) => s.project.name === project) : sessions[0])!.token;
}
