import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, PASSWORDS, type TestApp } from '../support/api-app';

/**
 * Password hashing is bounded (the CPU-abuse finding): every argon2 call of the
 * process waits for a slot of one pool, and a full waiting line answers 429.
 * Observed at the argon2 boundary itself: the calls in flight are counted by a
 * spy that wraps the real functions.
 */
const real = { hash: argon2.hash, verify: argon2.verify };
const argon = { inFlight: 0, peak: 0, calls: 0 };
let hold: Promise<void> | null = null;

/** Counts the call while it runs; it lasts at least a few ms, or until `hold` is released. */
async function counted<T>(work: () => Promise<T>): Promise<T> {
  argon.calls++;
  argon.inFlight++;
  argon.peak = Math.max(argon.peak, argon.inFlight);
  try {
    await (hold ?? new Promise((resolve) => setTimeout(resolve, 15)));
    return await work();
  } finally {
    argon.inFlight--;
  }
}

// A login flood checks the same few passwords: remember real results so the test stays fast.
const verified = new Map<string, Promise<boolean>>();
beforeAll(() => {
  vi.spyOn(argon2, 'hash').mockImplementation(((password: string, options: argon2.HashOptions) =>
    counted(() => real.hash(password, options))) as typeof argon2.hash);
  vi.spyOn(argon2, 'verify').mockImplementation((digest, password) =>
    counted(() => {
      const key = `${digest}\n${String(password)}`;
      if (!verified.has(key)) verified.set(key, real.verify(digest, password));
      return verified.get(key) as Promise<boolean>;
    }),
  );
});
afterAll(() => vi.restoreAllMocks());
afterEach(() => {
  argon.peak = 0;
});

const login = (t: TestApp, user: string, password: string) =>
  t.call('POST', '/login', { body: { login: user, password } });

describe('password hashing pool', () => {
  describe('PASSWORD_HASH_CONCURRENCY=2', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('sqlite', { env: { PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '32' } });
    });
    afterAll(() => t.close());

    it('runs at most 2 argon2 calls at once during 20 concurrent logins, unknown logins included', async () => {
      const attempts = Array.from({ length: 20 }, (_, i) =>
        i % 4 === 0
          ? login(t, `nobody${i}`, 'whatever-password') // the dummy verify
          : i % 4 === 1
            ? login(t, 'staff', 'wrong-password')
            : login(t, 'staff', PASSWORDS.demo),
      );
      const calls = argon.calls;
      const answers = await Promise.all(attempts);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(401)]);
      expect(argon.calls - calls).toBeGreaterThanOrEqual(20);
      expect(argon.peak).toBe(2);
    });
  });

  describe('a full waiting line (PASSWORD_HASH_CONCURRENCY=1, PASSWORD_HASH_QUEUE=1)', () => {
    let t: TestApp;
    let staff = '';
    beforeAll(async () => {
      t = await buildTestApp('sqlite', { env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1' } });
      staff = (await t.session('staff')).token;
    });
    afterAll(() => t.close());

    it('answers 429 too many requests with Retry-After, serves calls that do not hash, then logs in again', async () => {
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      try {
        const answered: number[] = [];
        const attempts = [1, 2, 3].map(async () => {
          const res = await login(t, 'staff', PASSWORDS.demo);
          answered.push(res.statusCode);
          return res;
        });
        // One login holds the only slot, one waits in line: the third is refused while they are held.
        await vi.waitFor(() => expect(answered).toEqual([429]), { timeout: 5_000 });
        const refused = (await Promise.race(attempts.map((a) => a.then((r) => (r.statusCode === 429 ? r : null)))))!;
        expect(refused.json()).toEqual({ message: 'too many requests' });
        expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
        expect(argon.inFlight).toBe(1);

        // An authenticated call that does not hash is not stuck behind the logins.
        expect((await t.call('GET', '/profile', { token: staff })).statusCode).toBe(200);

        release();
        expect((await Promise.all(attempts)).map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
      } finally {
        hold = null;
        release();
      }
      expect((await login(t, 'staff', PASSWORDS.demo)).statusCode).toBe(200);
    });

    it('answers a password change refused by a full pool with 429 too, not 401 or 500', async () => {
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      try {
        const held = [login(t, 'nobody', 'x-password'), login(t, 'nobody', 'y-password')];
        await vi.waitFor(() => expect(argon.inFlight).toBe(1), { timeout: 5_000 });
        const res = await t.call('POST', '/profile/password', {
          token: staff,
          body: { old: PASSWORDS.demo, new: 'new-password-1' },
        });
        expect(res.statusCode, res.body).toBe(429);
        expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
        release();
        await Promise.all(held);
      } finally {
        hold = null;
        release();
      }
    });
  });
});
