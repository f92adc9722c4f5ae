import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'instance-id';
const PATTERN = /^[0-9a-f-]{36}$/;

/**
 * This installation's id: generated once into DATA_DIR/instance-id and kept, so licences issued
 * for it stay valid across restarts and upgrades. Server nodes of one installation share it
 * (copy the file, as JWT_SECRET is shared). 'wx' keeps one id when two processes start together.
 */
export function instanceId(dataDir: string): string {
  const file = join(dataDir, FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomUUID(), { flag: 'wx', mode: 0o644 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const id = readFileSync(file, 'utf8').trim();
  if (!PATTERN.test(id)) throw new Error(`${file} does not hold an instance id; restore it from a backup`);
  return id;
}
