import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHashingConfig } from '../../config';
import { passwordPool } from './password-pool';

/** argon2id options per PASSWORD_HASH_COST: the library's defaults (64 MiB, 3 passes), or argon2's floor for tests. */
const COSTS: Record<PasswordHashingConfig['cost'], argon2.HashOptions & { raw?: false }> = {
  standard: { type: argon2.argon2id },
  low: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
};
let hashOptions = COSTS.standard;

/** Applies PASSWORD_HASH_* to this process: the pool's limits and the cost of new hashes (main, seed and buildApp call it). */
export function configurePasswordHashing(settings: PasswordHashingConfig): void {
  passwordPool.configure(settings);
  hashOptions = COSTS[settings.cost];
}

/**
 * argon2id (the OWASP-recommended family) at the configured cost.
 * Hashes and verifies wait for a slot of the password pool; a full pool throws 429.
 */
export function hashPassword(password: string): Promise<string> {
  return passwordPool.run(() => argon2.hash(password, hashOptions));
}

/** False for a wrong password or a malformed hash; never throws on bad input (only the pool's 429). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return passwordPool.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check, so an unknown login cannot be told
 * from a wrong password by timing the answer.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    dummyHash = null; // refused by a full pool: the next unknown login makes it
    throw error;
  });
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * A password for the first administrator or the demo users: 16 characters of
 * base64url (96 bits). Spec 9's "four digits and two symbols" is for passwords
 * the console suggests to people; a server-made admin password must be strong.
 */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
