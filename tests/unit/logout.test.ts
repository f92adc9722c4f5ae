import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { adminProfile, demoSettings } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { createHttp } from '../../src/services/http';
import { createSessionImplementations } from '../../src/services/session-effects';
import { createStorage } from '../../src/services/storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base = 'http://127.0.0.1/api/v0';

/**
 * A logged-in session with its real effects over a fake network: the profile
 * loads, then `logout` answers as the test says (or never).
 */
async function loggedIn(logout: () => Promise<Response>) {
  const seen: Array<{ method: string; path: string; auth: string | null }> = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname.replace('/api/v0', '');
    seen.push({ method: request.method, path, auth: request.headers.get('authorization') });
    if (path === '/profile') return json(200, { data: adminProfile });
    if (path === '/frontend/server/settings') return json(200, { data: demoSettings });
    if (path === '/logout') return logout();
    throw new TypeError('offline');
  });
  let actor: ReturnType<typeof createActor<typeof sessionMachine>> | undefined;
  const http = createHttp({
    getToken: () => actor?.getSnapshot().context.tokens?.token ?? null,
    onUnauthorized: async () => null,
    fetch: fetch as unknown as typeof globalThis.fetch,
    baseUrl: base,
  });
  const storage = createStorage({ local: localStorage, session: sessionStorage });
  const effects = createSessionImplementations(http, storage);
  const machine = sessionMachine.provide({
    ...effects,
    actions: { ...effects.actions, notifyLoggedIn: () => {}, notifyLoggedOut: () => {}, notifyProfileLoaded: () => {} },
  });
  actor = createActor(machine, { input: { tokens: { token: 'old-token', refresh: 'old-refresh' }, remember: true } });
  actor.start();
  await vi.waitFor(() => expect(actor.getSnapshot().matches({ authenticated: { profile: 'ready' } })).toBe(true));
  return { actor, seen, storage };
}

describe('logout (7.2)', () => {
  it('ends the session on the server with the token it had, and locally at once', async () => {
    let answer: (response: Response) => void = () => {};
    const { actor, seen, storage } = await loggedIn(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'session.logout' });
    // Logged out before the server has answered.
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true);
    expect(actor.getSnapshot().context.tokens).toBeNull();
    expect(storage.readTokens()).toBeNull();
    await vi.waitFor(() => expect(seen.some((s) => s.path === '/logout')).toBe(true));
    expect(seen.find((s) => s.path === '/logout')).toEqual({
      method: 'POST',
      path: '/logout',
      auth: 'Bearer old-token',
    });
    answer(json(200, { data: true }));
  });

  it('still logs out locally when the call fails or the network is down', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const logout of [
      async () => json(500, { message: 'internal error' }),
      async () => {
        throw new TypeError('offline');
      },
    ]) {
      const { actor, seen, storage } = await loggedIn(logout);
      actor.send({ type: 'session.logout' });
      expect(actor.getSnapshot().matches('unauthenticated')).toBe(true);
      expect(storage.readTokens()).toBeNull();
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      expect(seen.filter((s) => s.path === '/logout')).toHaveLength(1);
      // Nothing is retried and the session stays logged out.
      expect(actor.getSnapshot().context.logoutReason).toBe('user');
      warn.mockClear();
    }
  });
});
