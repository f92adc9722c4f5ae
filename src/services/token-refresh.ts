import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session/session.machine';

/**
 * Bridges the transport to the session machine: report an expired token and
 * wait for the session's decision. Resolves with the token to retry with, or
 * null when the session logged out. If another call already refreshed (the
 * current token differs from the one that failed), no second refresh is asked.
 */
export function waitForFreshToken(
  session: ActorRefFrom<SessionMachine> | undefined,
  usedToken: string | null,
): Promise<string | null> {
  if (!session) return Promise.resolve(null);
  const now = session.getSnapshot();
  if (!now.matches('authenticated')) return Promise.resolve(null);
  const current = now.context.tokens?.token ?? null;
  if (current !== usedToken && now.matches({ authenticated: { tokens: 'valid' } })) return Promise.resolve(current);

  return new Promise((resolve) => {
    session.send({ type: 'session.tokenExpired' });
    const settle = () => {
      const s = session.getSnapshot();
      if (!s.matches('authenticated')) finish(null);
      else if (s.matches({ authenticated: { tokens: 'valid' } })) finish(s.context.tokens?.token ?? null);
    };
    const subscription = session.subscribe({ next: settle, error: () => finish(null), complete: () => finish(null) });
    function finish(token: string | null) {
      subscription.unsubscribe();
      resolve(token);
    }
    settle();
  });
}
