import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/domain/auth/passwords';
import { buildTestApp, PASSWORDS, type TestApp } from '../support/api-app';

/**
 * PASSWORD_HASH_COST: the product hashes at argon2id's library defaults; test servers (tests/support/api-app.ts)
 * ask for argon2's floor so thousands of logins stay cheap. Read from the stored hashes themselves.
 */
describe('PASSWORD_HASH_COST', () => {
  const admin = () =>
    t.db.selectFrom('users').select('password_hash').where('login', '=', 'admin').executeTakeFirstOrThrow();
  let t: TestApp;

  describe('standard (the default)', () => {
    beforeAll(async () => {
      t = await buildTestApp('sqlite', { env: { PASSWORD_HASH_COST: 'standard' } });
    });
    afterAll(() => t.close());

    it('seeds argon2id at 64 MiB, 3 passes, 4 lanes, and logs in with it', async () => {
      expect((await admin()).password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
      expect((await t.login('admin', PASSWORDS.admin)).length).toBeGreaterThan(0);
    });

    it('hashes a changed password at the same cost', async () => {
      expect(await hashPassword('another-password-1')).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    });
  });

  describe('low', () => {
    let standardHash: string;
    beforeAll(async () => {
      // Made while the standard cost still holds: a password hashed before the switch must still verify.
      standardHash = await hashPassword('hashed-before-the-switch');
      t = await buildTestApp('sqlite', { env: { PASSWORD_HASH_COST: 'low' } });
    });
    afterAll(() => t.close());

    it('seeds argon2id at 1 MiB, 1 pass, 1 lane', async () => {
      expect((await admin()).password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
      expect((await t.login('admin', PASSWORDS.admin)).length).toBeGreaterThan(0);
    });

    it('still verifies a hash made at the standard cost, and refuses a wrong password', async () => {
      expect(standardHash).toMatch(/m=65536,p=4,t=3/);
      expect(await verifyPassword(standardHash, 'hashed-before-the-switch')).toBe(true);
      expect(await verifyPassword(standardHash, 'hashed-after-the-switch')).toBe(false);
    });
  });
});
