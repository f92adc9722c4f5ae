import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Credential } from './mqtt/access';

/**
 * A random secret generated once into DATA_DIR/<file>, so it survives a restart.
 * 'wx' fails when the file exists, so two processes starting together keep one secret.
 */
function storedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate`);
  return secret;
}

/**
 * The key that signs access tokens: JWT_SECRET when set, else a random secret
 * generated once into DATA_DIR/jwt-secret, so tokens survive a restart.
 */
export function resolveJwtKey(config: { jwtSecret: string | null; dataDir: string }): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret || storedSecret(config.dataDir, 'jwt-secret'));
}

/** The login of the platform's own clients on the embedded broker (tools, other nodes). */
export const BROKER_SERVER_LOGIN = 'gatehouse-server';

/** The server's credential on the embedded broker: its password is generated into DATA_DIR/mqtt-server-password. */
export function resolveBrokerCredential(config: { dataDir: string }): Credential {
  return { username: BROKER_SERVER_LOGIN, password: storedSecret(config.dataDir, 'mqtt-server-password') };
}
