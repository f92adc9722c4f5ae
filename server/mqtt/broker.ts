import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { accessHooks, type Credential, type DeviceAuthenticator } from './access';
import { parsePayload, StatusSchema } from './protocol';
import { retainedByTopicPersistence } from './retained-persistence';
import { parseTopic, topicOf } from './topics';

/**
 * The embedded broker: aedes in this process, MQTT over TCP (TLS when a key and certificate are
 * given) and MQTT over WebSocket on a port of its own, with per-device credentials. It also
 * stands in for a device's last will when a device leaves cleanly without saying so, so a
 * status topic never stays `online` for a device that is gone.
 */

/** Where the broker listens. Port 0: any free port (tests); null: that listener is off. */
export interface BrokerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** MQTT (or MQTTS with `tls`) port. */
  port: number | null;
  /** MQTT over WebSocket (WSS with `tls`), path `/mqtt`; null: off. */
  websocketPort?: number | null;
  /** PEM key and certificate: the TCP listener speaks MQTTS and the WebSocket one WSS. */
  tls?: { key: string | Buffer; cert: string | Buffer } | null;
  /**
   * Read again at each restart: the certificate and key to listen with from then on (the one
   * stored in project settings, else the environment's), null for plain MQTT.
   */
  reloadTls?: () => Promise<{ key: string | Buffer; cert: string | Buffer } | null>;
  authenticate: DeviceAuthenticator;
  /** The server's own credential, for clients of the platform itself (other nodes, tools). */
  server?: Credential | null;
}

/** One open listener. */
export interface BrokerListener {
  protocol: 'mqtt' | 'mqtts' | 'ws' | 'wss';
  host: string;
  port: number;
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  readonly aedes: Aedes;
  readonly listeners: readonly BrokerListener[];
  readonly startedAt: Date;
  /** Clients connected now (devices and others). */
  clientCount(): number;
  close(): Promise<void>;
}

export const WEBSOCKET_PATH = '/mqtt';
/** How long a device's will may take before the broker says it is offline itself. */
const WILL_GRACE_MS = 200;

function listen(server: NetServer | HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const closeServer = (server: NetServer | HttpServer) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Sockets of connected clients would keep close() waiting.
    if ('closeAllConnections' in server) server.closeAllConnections();
  });

export async function startEmbeddedBroker(options: BrokerOptions): Promise<EmbeddedBroker> {
  const host = options.host ?? '127.0.0.1';
  const { hooks, identityOf } = accessHooks(options.authenticate, options.server ?? null);
  const aedes = await Aedes.createBroker({
    ...hooks,
    heartbeatInterval: 60_000,
    persistence: retainedByTopicPersistence(),
  });
  const online = new Map<string, boolean>();
  aedes.on('publish', (packet) => {
    const parsed = parseTopic(packet.topic);
    if (parsed?.channel !== 'status') return;
    const status = parsePayload(StatusSchema, packet.payload as Buffer);
    if (status) online.set(parsed.serial, status.online);
  });
  aedes.on('clientDisconnect', (client) => {
    const who = identityOf(client);
    if (who?.role !== 'device') return;
    // A will (unclean loss) is published around this event, in no fixed order: give it a moment,
    // then speak for the device only if nothing said it is offline and it is not back already.
    setTimeout(() => {
      if (aedes.closed || online.get(who.serial) !== true) return;
      const clients = (aedes as unknown as { clients: Record<string, { connected?: boolean } | undefined> }).clients;
      if (clients[client.id]?.connected) return;
      const payload = Buffer.from(JSON.stringify({ online: false, reason: 'disconnected' }));
      aedes.publish(
        { cmd: 'publish', topic: topicOf(who.serial, 'status'), payload, qos: 1, retain: true, dup: false },
        () => {},
      );
    }, WILL_GRACE_MS).unref();
  });
  aedes.on('clientError', () => {}); // a device's broken connection is its own business

  const servers: Array<NetServer | HttpServer> = [];
  const sockets = new Set<import('node:stream').Duplex>();
  const listeners: BrokerListener[] = [];
  if (options.port !== null) {
    const tcp = options.tls ? createTlsServer(options.tls, aedes.handle) : createNetServer(aedes.handle);
    tcp.on('connection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    servers.push(tcp);
    listeners.push({ protocol: options.tls ? 'mqtts' : 'mqtt', host, port: await listen(tcp, options.port, host) });
  }
  if (options.websocketPort != null) {
    const http = options.tls ? createHttpsServer(options.tls) : createHttpServer();
    const wss = new WebSocketServer({ server: http, path: WEBSOCKET_PATH });
    wss.on('connection', (socket, request) => aedes.handle(createWebSocketStream(socket), request));
    servers.push(http);
    listeners.push({
      protocol: options.tls ? 'wss' : 'ws',
      host,
      port: await listen(http, options.websocketPort, host),
    });
  }

  return {
    aedes,
    listeners,
    startedAt: new Date(),
    clientCount: () => aedes.connectedClients,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map(closeServer));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
