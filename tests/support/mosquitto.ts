import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { type MosquittoLogin, mosquittoAclFile, mosquittoPasswordFile } from '../../server/mqtt/mosquitto-files';
import { freePort } from './free-port';

/**
 * A Mosquitto of the test's own: a generated configuration on a loopback port, the password and
 * ACL files Gatehouse writes (server/mqtt/mosquitto-files.ts), no persistence. Debian's package
 * puts the broker in /usr/sbin (not on a plain user's PATH); MOSQUITTO_BIN overrides.
 */

const CANDIDATES = [process.env.MOSQUITTO_BIN, '/usr/sbin/mosquitto', '/usr/local/sbin/mosquitto'];

/** The broker's executable, or null when it is not installed. */
export function mosquittoBinary(): string | null {
  for (const path of CANDIDATES) {
    if (!path) continue;
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not there
    }
  }
  return null;
}

/** Writes `passwords` and `acl` into the broker's directory. */
export type WriteFiles = (dir: string) => unknown;

/** The files for a fixed list of logins. */
export const loginFiles =
  (server: MosquittoLogin, devices: readonly MosquittoLogin[]): WriteFiles =>
  (dir) => {
    writeFileSync(join(dir, 'passwords'), mosquittoPasswordFile(server, devices), { mode: 0o600 });
    writeFileSync(join(dir, 'acl'), mosquittoAclFile(server.username));
  };

export interface TestMosquitto {
  port: number;
  /** `mqtt://127.0.0.1:port` (no credential). */
  url: string;
  /** Writes the files again and makes the broker read them (SIGHUP). */
  rewrite(write: WriteFiles): Promise<void>;
  close(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Debian's dynamic security plugin (package mosquitto), by architecture. */
export function dynsecPlugin(): string | null {
  const arch = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';
  const path = `/usr/lib/${arch}/mosquitto_dynamic_security.so`;
  return existsSync(path) ? path : null;
}

/** Mosquitto with the dynamic security plugin, `admin` its only client (mosquitto_ctrl dynsec init). */
export function startMosquittoDynsec(admin: MosquittoLogin): Promise<TestMosquitto> {
  const plugin = dynsecPlugin();
  if (!plugin) throw new Error('mosquitto_dynamic_security.so is not installed (apt-get install mosquitto)');
  return startMosquitto(
    (dir) => {
      execFileSync('mosquitto_ctrl', ['dynsec', 'init', join(dir, 'dynsec.json'), admin.username, admin.password]);
    },
    undefined,
    (dir) => [`plugin ${plugin}`, `plugin_opt_config_file ${join(dir, 'dynsec.json')}`],
  );
}

/**
 * Mosquitto on `port` (default: a free one) reading the files `write` puts in its directory;
 * `auth` gives the authentication lines (default: the password and ACL files).
 */
export async function startMosquitto(
  write: WriteFiles,
  port?: number,
  auth: (dir: string) => string[] = (dir) => [
    `password_file ${join(dir, 'passwords')}`,
    `acl_file ${join(dir, 'acl')}`,
  ],
): Promise<TestMosquitto> {
  const binary = mosquittoBinary();
  if (!binary) throw new Error('mosquitto is not installed (apt-get install mosquitto)');
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-mosquitto-'));
  const listenOn = port ?? (await freePort());
  await write(dir);
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    [
      // As root (CI) Mosquitto would become user `mosquitto`, who cannot read our temporary files.
      `user ${userInfo().username}`,
      'per_listener_settings false',
      `listener ${listenOn} 127.0.0.1`,
      'allow_anonymous false',
      ...auth(dir),
      'persistence false',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(binary, ['-c', join(dir, 'mosquitto.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 10_000;
  while (!(await listening(listenOn))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`mosquitto did not start on ${listenOn}: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port: listenOn,
    url: `mqtt://127.0.0.1:${listenOn}`,
    async rewrite(next) {
      await next(dir);
      child.kill('SIGHUP');
      // Mosquitto reloads between two turns of its loop: give it one.
      await new Promise((r) => setTimeout(r, 300));
    },
    async close() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
