import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertLoopback } from './loopback';

/**
 * The HTTP discovery probe (docs/device-protocol.md, Discovery): a device answers
 * `GET /gh/discovery` on its address with what it is, so the network search finds it. Both
 * ends refuse any address outside 127.0.0.0/8.
 */

export const DISCOVERY_PATH = '/gh/discovery';
/** Where the server tells an added device how to reach the broker (docs/device-protocol.md, Broker settings). */
export const BROKER_SETTINGS_PATH = '/gh/broker';

/** What the server POSTs to BROKER_SETTINGS_PATH. */
export interface BrokerSettings {
  url: string;
  login: string;
  password: string;
}

function readBrokerSettings(text: string): BrokerSettings | null {
  try {
    const body = JSON.parse(text) as Partial<BrokerSettings>;
    return typeof body.url === 'string' && typeof body.login === 'string' && typeof body.password === 'string'
      ? { url: body.url, login: body.login, password: body.password }
      : null;
  } catch {
    return null;
  }
}

/** What a device tells a probe. */
export interface DiscoveryInfo {
  serial_number: string;
  type: string;
  model: string;
  firmware: string;
  mac: string;
  protocol: 'mqtt';
  ip: string;
  port: number;
}

export interface DiscoveryResponder {
  readonly address: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Listens on `address:port` (port 0: any) and answers probes with `describe()`; with `onBroker`,
 * also takes broker settings (200 when `onBroker` accepts them, 400 otherwise).
 */
export async function startDiscoveryResponder(
  address: string,
  port: number,
  describe: (port: number) => DiscoveryInfo,
  onBroker?: (settings: BrokerSettings) => boolean,
): Promise<DiscoveryResponder> {
  assertLoopback(address);
  const server: Server = createServer((req, res) => {
    if (onBroker && req.method === 'POST' && req.url === BROKER_SETTINGS_PATH) {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > 4096) req.destroy();
      });
      req.on('end', () => {
        const settings = readBrokerSettings(text);
        res.writeHead(settings && onBroker(settings) ? 200 : 400).end();
      });
      return;
    }
    if (req.method !== 'GET' || req.url !== DISCOVERY_PATH) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(describe(bound)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    address,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Asks one address; null when nothing answers as a device in time. Loopback only. */
export function probeDevice(address: string, port: number, timeoutMs = 1000): Promise<DiscoveryInfo | null> {
  assertLoopback(address);
  return new Promise((resolve) => {
    const req = request({ host: address, port, path: DISCOVERY_PATH, method: 'GET', timeout: timeoutMs }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve(null);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > 16_384) req.destroy();
        else chunks.push(chunk);
      });
      res.on('end', () => {
        try {
          const info = JSON.parse(Buffer.concat(chunks).toString('utf8')) as DiscoveryInfo;
          resolve(typeof info.serial_number === 'string' ? info : null);
        } catch {
          resolve(null);
        }
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}
