import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { adminProfile, demoSettings } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { createHttp } from '../../src/services/http';
import { waitForFreshToken } from '../../src/services/token-refresh';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch double that answers from a queue and records the bearer of each request. */
function fakeFetch(...answers: Array<Response | Error>) {
  const seen: Array<{ url: string; auth: string | null; method: string }> = [];
  const fn = vi.fn(async (input: Request) => {
    seen.push({ url: input.url, auth: input.headers.get('authorization'), method: input.method });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch: fn as unknown as typeof fetch, seen };
}

const profileBody = { data: adminProfile };
const base = 'http://127.0.0.1/api/v0';

describe('http client', () => {
  it('sends the bearer token and validates the answer against the contract', async () => {
    const { fetch, seen } = fakeFetch(json(200, profileBody));
    const http = createHttp({ getToken: () => 'abc', onUnauthorized: vi.fn(), fetch, baseUrl: base });
    const answer = await http.call('GET /profile');
    expect(answer.data.login).toBe('admin');
    expect(seen[0]).toMatchObject({ url: `${base}/profile`, auth: 'Bearer abc', method: 'GET' });
  });

  it('on 401 not_authorized asks once for a fresh token and retries with it', async () => {
    const { fetch, seen } = fakeFetch(
      json(401, { message: 'not_authorized', code: 'not_authorized' }),
      json(200, profileBody),
    );
    const onUnauthorized = vi.fn(async () => 'fresh');
    const http = createHttp({ getToken: () => 'stale', onUnauthorized, fetch, baseUrl: base });
    await http.call('GET /profile');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('stale');
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('a second 401 after the retry is not retried again', async () => {
    const unauth = () => json(401, { message: 'not_authorized', code: 'not_authorized' });
    const { fetch } = fakeFetch(unauth(), unauth());
    const onUnauthorized = vi.fn(async () => 'fresh');
    const http = createHttp({ getToken: () => 'stale', onUnauthorized, fetch, baseUrl: base });
    await expect(http.call('GET /profile')).rejects.toMatchObject({ code: 'not_authorized', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('when the session refuses to refresh the call fails with not_authorized', async () => {
    const { fetch } = fakeFetch(json(401, { message: 'not_authorized' }));
    const http = createHttp({ getToken: () => 'stale', onUnauthorized: async () => null, fetch, baseUrl: base });
    await expect(http.call('GET /profile')).rejects.toMatchObject({ code: 'not_authorized' });
  });

  it('an optional-auth route refreshes a refused token, but never when it was called without one', async () => {
    const unauth = () => json(401, { message: 'not_authorized', code: 'not_authorized' });
    const settings = { data: demoSettings };
    const withToken = fakeFetch(unauth(), json(200, settings));
    const onUnauthorized = vi.fn(async () => 'fresh');
    const http = createHttp({ getToken: () => 'stale', onUnauthorized, fetch: withToken.fetch, baseUrl: base });
    await http.call('GET /frontend/server/settings');
    expect(withToken.seen.map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);

    const anonymous = fakeFetch(unauth());
    const refresh = vi.fn(async () => 'fresh');
    const anon = createHttp({ getToken: () => null, onUnauthorized: refresh, fetch: anonymous.fetch, baseUrl: base });
    await expect(anon.call('GET /frontend/server/settings')).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a failed login is reported with its catalogue code and never triggers a refresh', async () => {
    const { fetch } = fakeFetch(json(401, { message: 'Incorrect login/password' }));
    const onUnauthorized = vi.fn();
    const http = createHttp({ getToken: () => null, onUnauthorized, fetch, baseUrl: base });
    await expect(http.call('POST /login', { body: { login: 'a', password: 'b' } })).rejects.toEqual({
      code: 'incorrect login/password',
      status: 401,
      fields: undefined,
      entities: undefined,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('the values of a parameterised message ride along with its code', async () => {
    const params = { used: 3, max: 3 };
    const { fetch } = fakeFetch(json(400, { message: 'SIP number limit reached (per user)', params }));
    const http = createHttp({ getToken: () => 'tok', onUnauthorized: vi.fn(), fetch, baseUrl: base });
    await expect(http.call('GET /sip-numbers/generate')).rejects.toMatchObject({
      code: 'sip number limit reached (per user)',
      status: 400,
      params,
    });
  });

  it('field errors and network failures come back as codes', async () => {
    const fields = { email: { code: 'email' } };
    const { fetch } = fakeFetch(json(400, { message: 'invalid data sent', errors: fields }), new TypeError('down'));
    const http = createHttp({ getToken: () => 't', onUnauthorized: vi.fn(), fetch, baseUrl: base });
    await expect(http.call('PATCH /profile', { body: { email: 'x' } })).rejects.toMatchObject({
      code: 'invalid data sent',
      fields,
    });
    await expect(http.call('GET /profile')).rejects.toEqual({ code: 'network' });
  });

  it('an answer that breaks the contract is refused', async () => {
    const { fetch } = fakeFetch(json(200, { data: { login: 42 } }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const http = createHttp({ getToken: () => 't', onUnauthorized: vi.fn(), fetch, baseUrl: base });
    await expect(http.call('GET /profile')).rejects.toMatchObject({ code: 'invalid response' });
  });
});

describe('token refresh bridge', () => {
  function session(refresh: () => Promise<{ token: string; refresh: string }>) {
    const machine = sessionMachine.provide({
      actors: {
        login: fromPromise(() => new Promise(() => {})),
        loadProfile: fromPromise(async () => ({ profile: adminProfile, settings: demoSettings })),
        refreshTokens: fromPromise(refresh),
      },
      actions: { notifyLoggedIn: () => {}, notifyLoggedOut: () => {}, notifyProfileLoaded: () => {} },
    });
    return createActor(machine, { input: { tokens: { token: 'old', refresh: 'r' }, remember: false } }).start();
  }

  it('resolves with the refreshed token, sharing one refresh between concurrent callers', async () => {
    const refresh = vi.fn(async () => ({ token: 'new', refresh: 'r2' }));
    const actor = session(refresh);
    const [a, b] = await Promise.all([waitForFreshToken(actor, 'old'), waitForFreshToken(actor, 'old')]);
    expect([a, b]).toEqual(['new', 'new']);
    expect(refresh).toHaveBeenCalledTimes(1);
    // A late caller holding the old token gets the new one without another refresh.
    expect(await waitForFreshToken(actor, 'old')).toBe('new');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('resolves null and leaves the session logged out when the refresh fails', async () => {
    const actor = session(async () => {
      throw { code: 'invalid token' };
    });
    expect(await waitForFreshToken(actor, 'old')).toBeNull();
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true);
    expect(actor.getSnapshot().context.logoutReason).toBe('expired');
  });
});
