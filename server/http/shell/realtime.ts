import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { ERROR_CODES } from '../../../src/contract/errors';
import {
  APP_CHANGES_TOPIC,
  REALTIME_CLOSE,
  REALTIME_CONTROL,
  RealtimeCommandSchema,
} from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { verifyAccessToken } from '../../domain/auth/access-tokens';
import { loadAuth } from '../../domain/auth/auth-context';
import type { Hub, HubConnection } from '../../realtime/hub';
import { registerSocket } from '../plumbing/register-socket';

/** Longest a command may be; commands are a topic and a small event. */
export const MAX_COMMAND_BYTES = 16 * 1024;

/**
 * The realtime endpoint (7.10): `GET /ws?access_token=…` upgrades to a
 * websocket. A missing or forged token closes with `unauthorized`; an expired
 * one (now, or later while connected) with `tokenExpired`, so the console
 * refreshes and reconnects.
 */
export async function realtimeRoutes(app: FastifyInstance, { ctx, hub }: { ctx: AppContext; hub: Hub }) {
  // The topics every area shares; areas register their own (calls, …) where they live.
  hub.realtime.authorize(APP_CHANGES_TOPIC, (_auth, rest) => rest === '');
  hub.realtime.authorize('private-users.', (auth, rest) => rest === String(auth.userId));

  registerSocket(app, 'GET /ws', (socket, request) => {
    // Listen at once: a console sends its subscriptions as soon as the socket opens,
    // while the token is still being checked. They wait here until it is.
    const early: string[] = [];
    let connection: HubConnection | null = null;
    let expiry: NodeJS.Timeout | undefined;
    socket.on('message', (raw) => {
      if (connection) handle(connection, String(raw));
      else early.push(String(raw));
    });
    socket.on('close', () => {
      clearTimeout(expiry);
      if (connection) hub.leave(connection);
      connection = null;
    });

    const handle = (from: HubConnection, raw: string) => {
      let parsed: ReturnType<typeof v.safeParse<typeof RealtimeCommandSchema>> | null = null;
      try {
        parsed = v.safeParse(RealtimeCommandSchema, JSON.parse(raw));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        from.send(
          JSON.stringify({ topic: '', data: { type: REALTIME_CONTROL.error, message: ERROR_CODES.wrongParameters } }),
        );
        return;
      }
      hub.command(from, parsed.output).catch((error) => request.log.warn({ err: error }, 'realtime command'));
    };

    void (async () => {
      const token = (request.query as Record<string, unknown>).access_token;
      const claims = typeof token === 'string' ? await verifyAccessToken(ctx.jwtKey, token) : null;
      const auth = claims ? await loadAuth(ctx.db, claims) : null;
      if (socket.readyState !== socket.OPEN) return;
      if (!auth || typeof token !== 'string') {
        socket.close(isExpired(token) ? REALTIME_CLOSE.tokenExpired : REALTIME_CLOSE.unauthorized, 'not_authorized');
        return;
      }
      const joined: HubConnection = {
        auth,
        send: (text) => {
          if (socket.readyState === socket.OPEN) socket.send(text);
        },
        close: () => socket.close(REALTIME_CLOSE.unauthorized, 'session ended'),
      };
      connection = joined;
      hub.join(joined);
      // The token's own end is the connection's end: the console refreshes and comes back.
      const expiresIn = (decodeJwt(token).exp ?? 0) * 1000 - Date.now();
      expiry = setTimeout(() => socket.close(REALTIME_CLOSE.tokenExpired, 'token expired'), Math.max(0, expiresIn));
      for (const raw of early.splice(0)) handle(joined, raw);
    })().catch((error) => {
      request.log.error({ err: error }, 'realtime: could not authenticate a connection');
      socket.close(1011, 'internal server error');
    });
  });
}

/** Whether a token that failed verification failed only because it expired. */
function isExpired(token: unknown): boolean {
  if (typeof token !== 'string') return false;
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' && exp * 1000 <= Date.now();
  } catch {
    return false;
  }
}
