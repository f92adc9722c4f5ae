import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { type Config, ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db/dialects';
import type { Database } from '../db/schema';
import { mosquittoDeviceLogins } from '../domain/devices/mosquitto-logins';
import { type MosquittoLogin, mosquittoAclFile, mosquittoPasswordFile } from '../mqtt/mosquitto-files';
import { resolveBrokerCredential } from '../secrets';

/**
 * `npm run mosquitto-files -- <dir>`: writes `<dir>/passwords` and `<dir>/acl` for an external
 * Mosquitto (MQTT_URL) from the same environment the server runs with: every mqtt device's login
 * and the server's own (MQTT_URL's user and password, else the one generated into DATA_DIR).
 * Point Mosquitto's `password_file` and `acl_file` at them and send it SIGHUP after each run.
 */

/** The server's login on the external broker: MQTT_URL's credential, else DATA_DIR's. */
export function serverLogin(config: Config): MosquittoLogin {
  if (config.mqtt.url) {
    const url = new URL(config.mqtt.url);
    if (url.username) return { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  }
  return resolveBrokerCredential(config);
}

export async function writeMosquittoFiles(db: Kysely<Database>, config: Config, dir: string): Promise<number> {
  const server = serverLogin(config);
  const devices = await mosquittoDeviceLogins(db);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'passwords'), mosquittoPasswordFile(server, devices), { mode: 0o600 });
  writeFileSync(join(dir, 'acl'), mosquittoAclFile(server.username));
  return devices.length;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: npm run mosquitto-files -- <directory>');
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const db = createDatabase(config);
  try {
    const count = await writeMosquittoFiles(db, config, resolve(dir));
    console.log(`Wrote ${join(resolve(dir), 'passwords')} (${count} devices and the server) and acl.`);
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? '')) await main();
