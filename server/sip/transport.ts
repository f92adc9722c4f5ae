import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { SipMessage } from './message';
import { MAX_MESSAGE_BYTES, parseMessage, SipParseError } from './parse';

/**
 * SIP over secure WebSocket (RFC 7118): an HTTPS server whose upgrades with
 * the `sip` subprotocol become SIP connections, one message per text frame.
 * Plain HTTPS requests get a short page: opening https://host:port/ once is how
 * a user accepts a self-signed certificate in the browser.
 */

/** One WebSocket peer (a browser tab, the door-panel simulator, a test user agent). */
export interface SipConnection {
  /** Random, unguessable: it travels in Record-Route and Via parameters. */
  readonly id: string;
  /** The peer's address (IPv4-mapped IPv6 addresses are shown as IPv4). */
  readonly ip: string;
  /** Numbers that proved their password on this connection (REGISTER or a challenged INVITE). */
  readonly authenticated: Set<string>;
  readonly open: boolean;
  send(message: SipMessage | string): void;
  close(): void;
}

export interface TransportHandlers {
  /** Whether a peer may connect at all (banned addresses may not). */
  accept(ip: string): Promise<boolean>;
  onMessage(connection: SipConnection, message: SipMessage): void;
  /** A frame that is not a SIP message: dropped, reported for the log. */
  onBadMessage?(connection: SipConnection, error: Error): void;
  onClose(connection: SipConnection): void;
}

export interface WssTransport {
  /** Starts listening; resolves with the port (the real one when 0 was asked). */
  listen(host: string, port: number): Promise<number>;
  close(): Promise<void>;
  get(id: string): SipConnection | undefined;
  connections(): Iterable<SipConnection>;
}

/** Pings every connection this often; a peer that missed one ping is dropped. */
export const KEEPALIVE_MS = 30_000;

export const normaliseIp = (ip: string | undefined) => (ip ?? '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

export function createWssTransport(tls: { cert: string; key: string }, handlers: TransportHandlers): WssTransport {
  const byId = new Map<string, SipConnection>();
  let server: Server | null = null;
  let wss: WebSocketServer | null = null;
  let keepalive: NodeJS.Timeout | null = null;

  const attach = (socket: WebSocket, ip: string) => {
    let alive = true;
    const connection: SipConnection = {
      id: randomBytes(9).toString('base64url'),
      ip,
      authenticated: new Set(),
      get open() {
        return socket.readyState === WebSocket.OPEN;
      },
      send(message) {
        if (socket.readyState === WebSocket.OPEN)
          socket.send(typeof message === 'string' ? message : message.toString());
      },
      close() {
        socket.terminate();
      },
    };
    byId.set(connection.id, connection);
    socket.on('pong', () => {
      alive = true;
    });
    (socket as WebSocket & { checkAlive?: () => boolean }).checkAlive = () => {
      const was = alive;
      alive = false;
      return was;
    };
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString();
      // Keep-alive CRLFs (RFC 5626) carry no message.
      if (text.trim() === '') return;
      let message: SipMessage;
      try {
        message = parseMessage(text);
      } catch (error) {
        if (error instanceof SipParseError) handlers.onBadMessage?.(connection, error);
        return;
      }
      handlers.onMessage(connection, message);
    });
    socket.on('close', () => {
      byId.delete(connection.id);
      handlers.onClose(connection);
    });
    socket.on('error', () => socket.terminate());
  };

  return {
    listen(host, port) {
      server = createServer({ cert: tls.cert, key: tls.key }, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Gatehouse SIP over secure WebSocket (subprotocol "sip"). This certificate is now accepted.\n');
      });
      wss = new WebSocketServer({
        server,
        maxPayload: MAX_MESSAGE_BYTES,
        handleProtocols: (protocols) => (protocols.has('sip') ? 'sip' : false),
        verifyClient: (info, done) => {
          handlers.accept(normaliseIp(info.req.socket.remoteAddress)).then(
            (ok) => done(ok, 403, 'Forbidden'),
            () => done(false, 500),
          );
        },
      });
      wss.on('connection', (socket, request) => {
        if (socket.protocol !== 'sip') {
          socket.close(1002, 'subprotocol sip required');
          return;
        }
        attach(socket, normaliseIp(request.socket.remoteAddress));
      });
      keepalive = setInterval(() => {
        for (const socket of wss?.clients ?? []) {
          const check = (socket as WebSocket & { checkAlive?: () => boolean }).checkAlive;
          if (check && !check()) socket.terminate();
          else socket.ping();
        }
      }, KEEPALIVE_MS);
      keepalive.unref();
      const listening = server;
      return new Promise((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          resolve((listening.address() as AddressInfo).port);
        });
      });
    },
    async close() {
      if (keepalive) clearInterval(keepalive);
      // A closing handshake flushes what was queued (the BYEs of ended calls); stragglers are cut after a moment.
      const clients = [...(wss?.clients ?? [])];
      for (const socket of clients) socket.close(1001, 'server stopping');
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, 500);
        const check = setInterval(() => {
          if (clients.every((s) => s.readyState === WebSocket.CLOSED)) {
            clearTimeout(deadline);
            clearInterval(check);
            resolve();
          }
        }, 10);
        deadline.unref();
        setTimeout(() => clearInterval(check), 600).unref();
      });
      for (const socket of clients) socket.terminate();
      await new Promise<void>((resolve) => (wss ? wss.close(() => resolve()) : resolve()));
      await new Promise<void>((resolve) => {
        if (!server?.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      });
      wss = null;
      server = null;
    },
    get: (id) => byId.get(id),
    connections: () => byId.values(),
  };
}
