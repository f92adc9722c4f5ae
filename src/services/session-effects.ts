import { fromPromise } from 'xstate';
import { LOGOUT_CALL_TIMEOUT_MS, TIMEOUTS } from '../contract/constants';
import type { ProjectSession, TokenPair } from '../contract/entities/session';
import type { LoginInput, ProfileBundle } from '../machines/session/session.types';
import type { Http } from './http';
import type { AppStorage } from './storage';

/** Real effects of the session machine (given with `sessionMachine.provide`). */
export function createSessionImplementations(http: Http, storage: AppStorage) {
  return {
    actors: {
      login: fromPromise<ProjectSession[], LoginInput>(async ({ input }) => {
        const answer = await http.call('POST /login', {
          body: { login: input.login, password: input.password },
          timeout: TIMEOUTS.login,
        });
        return answer.data;
      }),
      loadProfile: fromPromise<ProfileBundle, { tokens: TokenPair }>(async () => {
        const [profile, settings] = await Promise.all([
          http.call('GET /profile'),
          http.call('GET /frontend/server/settings'),
        ]);
        return { profile: profile.data, settings: settings.data };
      }),
      refreshTokens: fromPromise<TokenPair, { refresh: string }>(async ({ input }) => {
        const answer = await http.call('POST /refresh-tokens', { body: { token: input.refresh } });
        return answer.data;
      }),
    },
    actions: {
      persistTokens: (_: unknown, params: { tokens: TokenPair | null; remember: boolean }) =>
        storage.writeTokens(params.tokens, params.remember),
      // Fire and forget, with the token the session is dropping: offline, refused or slow, the
      // local logout has already happened; the server's refresh family just lives until it expires.
      endServerSession: (_: unknown, { tokens }: { tokens: TokenPair | null }) => {
        if (!tokens) return;
        http
          .call('POST /logout', { token: tokens.token, timeout: LOGOUT_CALL_TIMEOUT_MS })
          .catch((failure) => console.warn('the server did not end the session', failure));
      },
    },
  };
}
