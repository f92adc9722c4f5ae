import argon2 from 'argon2';
import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Brute-force tests fail hundreds of logins, and every one checks a password
 * with argon2id (64 MiB; about a second on a loaded machine). The same digest
 * and password always give the same answer, so each pair is checked for real
 * once and remembered: the tests count failures, not hashes.
 */
export function rememberPasswordChecks(): void {
  const real = argon2.verify;
  const answers = new Map<string, Promise<boolean>>();
  beforeAll(() => {
    vi.spyOn(argon2, 'verify').mockImplementation((digest, password) => {
      const key = `${digest}\n${String(password)}`;
      if (!answers.has(key)) answers.set(key, real(digest, password));
      return answers.get(key) as Promise<boolean>;
    });
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
}
