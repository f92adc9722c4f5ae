import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

describe.each(dialects)('simple registration: name, login, password (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { GATEHOUSE_SELF_REGISTRATION: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an active account in no project: its login is known, the project still refused', async () => {
    const res = await t.call('POST', '/registration/simple', {
      body: { name: 'Petra Simple', login: 'petra.simple', password: 'petra-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { login: 'petra.simple' } });
    // A right password with no project yet: refused, not "incorrect login/password".
    const login = await t.call('POST', '/login', { body: { login: 'petra.simple', password: 'petra-pass-1' } });
    expect(login.statusCode).toBe(403);
    const wrong = await t.call('POST', '/login', { body: { login: 'petra.simple', password: 'not-her-pass' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a login already taken, whatever its case', async () => {
    await t.call('POST', '/registration/simple', {
      body: { name: 'Once', login: 'twice.taken', password: 'pass-pass-1' },
    });
    const again = await t.call('POST', '/registration/simple', {
      body: { name: 'Twice', login: 'TWICE.Taken', password: 'pass-pass-2' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'invalid data sent', errors: { login: { code: 'not_unique' } } });
  });

  it('answers field errors for a bad name, login and a short password', async () => {
    const res = await t.call('POST', '/registration/simple', {
      body: { name: 'Bad<name>', login: 'has space', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('invalid data sent');
    expect(res.json().errors).toEqual({
      name: { code: 'name_rule' },
      login: { code: 'invalid' },
      password: { code: 'min_length', params: { length: 8 } },
    });
    const empty = await t.call('POST', '/registration/simple', { body: { name: '', login: '', password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['login', 'name', 'password']);
    const missing = await t.call('POST', '/registration/simple', { body: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('simple registration is off unless the server allows self-registration', () => {
  it('answers 403 and creates nothing', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const res = await t.call('POST', '/registration/simple', {
        body: { name: 'Closed Door', login: 'closed.door', password: 'closed-pass-1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('method or action prohibited');
    } finally {
      await t.close();
    }
  });
});
