import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { hasAnyPermission, type Permission } from '../../src/contract/permissions';
import type { AppContext } from '../context';
import { verifyAccessToken } from '../domain/access-tokens';
import { type Auth, loadAuth } from '../domain/auth-context';
import { notAuthorized, prohibited } from './http-error';

/** Who may call a route: as `auth` in src/contract/http.ts ROUTES. */
export type AuthMode = boolean | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every API route; absent (unknown route) counts as public. */
    auth?: AuthMode;
  }
  interface FastifyRequest {
    /** The authenticated caller, or null on public routes and anonymous calls. */
    auth: Auth | null;
  }
}

const BEARER = /^Bearer +(\S+)$/i;

/**
 * Authenticates API calls: reads `Authorization: Bearer <jwt>`, verifies it and
 * loads the caller (user, membership, role) fresh on every request.
 * Routes with `auth: true` refuse anonymous callers with 401 not_authorized.
 * On `'optional'` routes a missing token is fine, but a token that is sent and
 * fails is a 401 too: silently answering as anonymous would hide an expired session.
 */
export function installAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const mode = request.routeOptions.config.auth ?? false;
    if (mode === false) return;
    const header = request.headers.authorization;
    if (!header) {
      if (mode === 'optional') return;
      throw notAuthorized();
    }
    const token = BEARER.exec(header)?.[1];
    const claims = token ? await verifyAccessToken(ctx.jwtKey, token) : null;
    const auth = claims ? await loadAuth(ctx.db, claims) : null;
    if (!auth) throw notAuthorized();
    request.auth = auth;
  });
}

/**
 * Guards a route: the caller must be authenticated and, when permissions are
 * listed, hold at least one of them (else 403). `requirePermission()` with no
 * arguments only requires a login.
 */
export function requirePermission(...anyOf: Permission[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.auth) throw notAuthorized();
    if (anyOf.length > 0 && !hasAnyPermission(request.auth.role.permissions, anyOf)) throw prohibited();
  };
}

/** The caller of a guarded route (the guard ran, so it is there). */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw notAuthorized();
  return request.auth;
}
