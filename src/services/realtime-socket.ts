import * as v from 'valibot';
import { fromCallback, fromPromise } from 'xstate';
import { API_BASE } from '../contract/constants';
import { REALTIME_PATH, RealtimeMessageSchema } from '../contract/realtime';
import type { SocketCommand, SocketEvent } from '../machines/realtime/realtime.types';

export interface RealtimeDeps {
  /** The access token to connect with now. */
  getToken: () => string | null;
  /** Asks the session for a token newer than `used`; null when it logged out instead. */
  refresh: (used: string | null) => Promise<string | null>;
  /** http(s) origin of the server (default: the page's). */
  origin?: string;
  WebSocket?: typeof WebSocket;
}

/** The websocket URL of 7.10: same host, `ws(s)://…/api/v0/ws?access_token=…`. */
export function realtimeUrl(origin: string, token: string): string {
  const url = new URL(`${API_BASE}${REALTIME_PATH}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('access_token', token);
  return url.toString();
}

/** The realtime machine's effects: the websocket itself, and a token refresh through the session. */
export function createRealtimeImplementations(deps: RealtimeDeps) {
  let usedToken: string | null = null;
  return {
    actors: {
      socket: fromCallback<SocketCommand>(({ sendBack, receive }) => {
        const Socket = deps.WebSocket ?? globalThis.WebSocket;
        usedToken = deps.getToken();
        const origin = deps.origin ?? globalThis.location?.origin ?? 'http://127.0.0.1';
        const socket = new Socket(realtimeUrl(origin, usedToken ?? ''));
        socket.onopen = () => sendBack({ type: 'socket.opened' } satisfies SocketEvent);
        socket.onmessage = (event) => {
          try {
            const parsed = v.safeParse(RealtimeMessageSchema, JSON.parse(String(event.data)));
            if (parsed.success) sendBack({ type: 'socket.message', message: parsed.output } satisfies SocketEvent);
            else console.warn('realtime: a message of unknown shape was ignored', event.data);
          } catch (error) {
            console.warn('realtime: an unreadable message was ignored', error);
          }
        };
        socket.onclose = (event) => sendBack({ type: 'socket.closed', code: event.code } satisfies SocketEvent);
        receive((event) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event.command));
        });
        return () => {
          // The machine left the state: it knows, and must not hear a late close.
          socket.onclose = null;
          socket.onmessage = null;
          socket.close();
        };
      }),
      refreshToken: fromPromise<void>(async () => {
        const fresh = await deps.refresh(usedToken);
        if (!fresh) throw new Error('logged out');
      }),
    },
  };
}
