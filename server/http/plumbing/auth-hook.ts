import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../src/contract/call';
import type { AppContext } from '../../context';
import { verifyAccessToken } from '../../domain/auth/access-tokens';
import { type Auth, loadAuth } from '../../domain/auth/auth-context';
import { notAuthorized } from '../../domain/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract declaration a route was registered from (register-call.ts); absent on non-API routes. */
    call?: { key: string; access: Access; serviceToken?: 'metrics' };
  }
  interface FastifyRequest {
    /** The authenticated caller, or null on public calls and anonymous callers of optional ones. */
    auth: Auth | null;
    /** The service token the request carried, when it is the one its call accepts (METRICS_TOKEN). */
    service: 'metrics' | null;
  }
}

const BEARER = /^Bearer +(\S+)$/i;

const serviceTokenOf = (ctx: AppContext, service: 'metrics') =>
  service === 'metrics' ? ctx.config.system.metricsToken : null;

/** Compares in constant time (of the expected length), so the token cannot be guessed byte by byte. */
function sameSecret(given: string, expected: string | null): boolean {
  if (!expected) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Authenticates API calls: reads `Authorization: Bearer <jwt>`, verifies it and
 * loads the caller (user, membership, role, live session) fresh on every request.
 * Every call but `public` ones needs a caller (401 not_authorized otherwise).
 * On `optional` calls a missing token is fine, but a token that is sent and
 * fails is a 401 too: silently answering as anonymous would hide an expired session.
 */
export function installAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('service', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const call = request.routeOptions.config.call;
    const access = call?.access;
    // No declaration: not an API call (the 404 handler answers it).
    if (!access || access.kind === 'public') return;
    const header = request.headers.authorization;
    if (!header) {
      if (access.kind === 'optional') return;
      throw notAuthorized();
    }
    const token = BEARER.exec(header)?.[1];
    // A machine's static token (Prometheus): it opens only the calls that name it.
    if (call.serviceToken && token && sameSecret(token, serviceTokenOf(ctx, call.serviceToken))) {
      request.service = call.serviceToken;
      return;
    }
    const claims = token ? await verifyAccessToken(ctx.jwtKey, token) : null;
    const auth = claims ? await loadAuth(ctx.db, claims) : null;
    if (!auth) throw notAuthorized();
    request.auth = auth;
  });
}
