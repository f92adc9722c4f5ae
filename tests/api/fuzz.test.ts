import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallDeclaration, pathParamNames, splitCallKey } from '../../src/contract/call';
import { API_BASE, CALLS, type CallKey } from '../../src/contract/http';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';
import { hostileBodies, hostileQueries } from '../support/schema-fuzz';

/**
 * Bad input never gives 5xx: every declared call of the contract is walked,
 * as the administrator (who passes every permission check, so the input
 * reaches the handlers), with hostile path parts, query strings and bodies
 * derived from the call's own schemas: wrong types, nulls, huge strings,
 * arrays and numbers, one field at a time. Not one answer may be a 5xx.
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (its integer
 * columns overflow and its text refuses NUL where SQLite's do not).
 */
const PATH_VALUES = ['1', '0', '-1', 'abc', '2147483648', '99999999999999999999', '%00', 'x'.repeat(300), '1.5'];
const KEYS = (Object.keys(CALLS) as CallKey[]).filter((k) => !(CALLS[k] as CallDeclaration).socket);
type Method = InjectOptions['method'];

describe.each(dialects)('fuzz: every declared call, hostile input (%s)', (dialect) => {
  let t: TestApp;
  let token = '';
  let requests = 0;
  let admin: { id: number; login: string; password_hash: string | null };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    token = (await t.session('admin')).token;
    admin = await t.db
      .selectFrom('users')
      .select(['id', 'login', 'password_hash'])
      .where('login', '=', 'admin')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    // Every call was walked, and with more than a token effort.
    expect(requests).toBeGreaterThan(KEYS.length * 10);
    await t.close();
  });

  /** Calls may rename the administrator or set its password (valid input!): put it back. */
  const restoreAdmin = () =>
    t.db
      .updateTable('users')
      .set({ login: admin.login, password_hash: admin.password_hash, deleted_at: null })
      .where('id', '=', admin.id)
      .execute();

  /** Sends one request; logs in again when a call ended the session (logout, password change). */
  async function send(options: InjectOptions) {
    requests++;
    const withToken = () => ({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    let res = await t.app.inject(withToken());
    if (res.statusCode === 401 && res.json().code === 'not_authorized') {
      await restoreAdmin();
      token = (await t.session('admin')).token;
      res = await t.app.inject(withToken());
    }
    return res;
  }

  it.each(KEYS.map((k) => [k]))('%s', { timeout: 180_000 }, async (key) => {
    await restoreAdmin();
    const declaration = CALLS[key] as CallDeclaration;
    const { method, path } = splitCallKey(key);
    const names = pathParamNames(path);
    const paths =
      names.length === 0
        ? [path]
        : PATH_VALUES.map((value) => names.reduce((p, n) => p.replace(`{${n}}`, encodeURIComponent(value)), path));
    const failures: string[] = [];
    const note = (what: string, status: number, body: string) => {
      if (status >= 500) failures.push(`${what} → ${status} ${body.slice(0, 120)}`);
    };

    // Hostile path parts and query strings, without a body.
    for (const p of paths) {
      for (const query of p === paths[0] ? hostileQueries(declaration.query as never) : ['']) {
        const res = await send({ method: method as Method, url: `${API_BASE}${p}${query}` });
        note(`${p}${query.slice(0, 60)}`, res.statusCode, res.body);
      }
    }
    if (method === 'GET') {
      expect(failures).toEqual([]);
      return;
    }

    const url = `${API_BASE}${paths[0]}`;
    if (declaration.multipart) {
      const fieldNames = Object.keys((declaration.multipart.fields as { entries?: object }).entries ?? {});
      const junk = Object.fromEntries(fieldNames.map((n) => [n, 'x'.repeat(5000)]));
      const files = Object.fromEntries(
        Object.keys(declaration.multipart.files).map((f) => [f, { name: 'a', data: Buffer.alloc(2048, 7) }]),
      );
      for (const form of [
        multipart({}, {}),
        multipart(junk, {}),
        multipart(junk, { other: { name: 'a.bin', data: Buffer.from('garbage') } }),
        multipart({ ...junk, x: '-5', y: '1e400', size: 'NaN', role_id: '99999999999' }, files),
      ]) {
        const res = await send({ method: method as Method, url, payload: form.payload, headers: form.headers });
        note('multipart', res.statusCode, res.body);
      }
    }
    for (const body of hostileBodies(declaration.body as never)) {
      const res = await send({
        method: method as Method,
        url,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      note(JSON.stringify(body).slice(0, 80), res.statusCode, res.body);
    }
    expect(failures).toEqual([]);
  });
});
