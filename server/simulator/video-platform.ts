import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateSelfSigned } from '../sip/certificate';

/**
 * A video management system for the demo and the tests: the parts of Axxon One's web server
 * HTTP API the integration adapter uses (server/domain/integrations/axxon.ts), on loopback,
 * over HTTPS with its own self-signed certificate (or plain HTTP). Basic authorization is
 * checked on every path; `camera/list` pages with `limit` and `next_page` and searches with
 * `query`; `macro/list/` lists `macroCommands`; `macro/execute/{id}` records the run (404 for
 * an unknown macro). A client certificate may be required (mutual TLS).
 */

export interface SimulatedCamera {
  displayName: string;
  accessPoint: string;
}
export interface SimulatedMacro {
  id: string;
  name: string;
}
export interface MacroRun {
  id: string;
  at: string;
}

export interface VideoPlatformOptions {
  /** 0 (default): a free port. */
  port?: number;
  /** false: plain HTTP. */
  tls?: boolean;
  user?: string;
  password?: string;
  cameras?: SimulatedCamera[];
  macros?: SimulatedMacro[];
  /** PEM of the certificate a client must present (mutual TLS); none: no client certificate asked. */
  clientCa?: string;
  /** URL path prefix of the web server (Axxon's "prefix"), e.g. `/asip-api`. */
  prefix?: string;
  /** Hears each macro run (demo mode logs it). */
  onRun?: (macro: SimulatedMacro) => void;
}

export interface VideoPlatform {
  url: string;
  port: number;
  /** The server's certificate (PEM), for the integration's certificate file. */
  certificate: string | null;
  /** Every macro run, in order. */
  runs: MacroRun[];
  /** Waits until `count` runs are recorded (tests: no sleeps). */
  waitForRuns(count: number, timeoutMs?: number): Promise<MacroRun[]>;
  /** Answers 500 to everything (its services down) until called with false. */
  failWith500(on: boolean): void;
  close(): Promise<void>;
}

export const DEMO_VMS_CAMERAS: SimulatedCamera[] = [
  { displayName: 'Entrance', accessPoint: 'hosts/VMS1/DeviceIpint.1/SourceEndpoint.video:0:0' },
  { displayName: 'Lobby', accessPoint: 'hosts/VMS1/DeviceIpint.2/SourceEndpoint.video:0:0' },
  { displayName: 'Car park gate', accessPoint: 'hosts/VMS1/DeviceIpint.3/SourceEndpoint.video:0:0' },
  { displayName: 'Bike room', accessPoint: 'hosts/VMS1/DeviceIpint.4/SourceEndpoint.video:0:0' },
];
export const DEMO_VMS_MACROS: SimulatedMacro[] = [
  { id: '4fd9420e-0d22-4684-9f0a-3514240cc1ac', name: 'Bookmark entrance passage' },
  { id: '0d1e05e6-8b4b-4be7-bc44-fcdf2cde4135', name: 'Record entrance 30 s' },
  { id: '7a3c2b1d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', name: 'Show lobby on the video wall' },
];

export async function startVideoPlatform(options: VideoPlatformOptions = {}): Promise<VideoPlatform> {
  const user = options.user ?? 'root';
  const password = options.password ?? 'root';
  const cameras = options.cameras ?? DEMO_VMS_CAMERAS;
  const macros = options.macros ?? DEMO_VMS_MACROS;
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  const runs: MacroRun[] = [];
  const waiters: (() => void)[] = [];
  let failing = false;
  const expected = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://vms');
    if (req.method !== 'GET' || !url.pathname.startsWith(`${prefix}/`)) return send(res, 404);
    // Anonymous requests to the web server are prohibited (Basic authorization).
    if (req.headers.authorization !== expected) {
      res.setHeader('www-authenticate', 'Basic realm="vms"');
      return send(res, 401);
    }
    if (failing) return send(res, 500, { error: 'gRPC connection error' });
    const path = url.pathname.slice(prefix.length);
    if (path === '/camera/list') {
      const limit = Math.max(1, Math.min(1000, Number(url.searchParams.get('limit') ?? 1000) || 1000));
      const from = Number(url.searchParams.get('next_page') ?? 0) || 0;
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const found = cameras.filter((c) => c.displayName.toLowerCase().includes(query));
      const page = found.slice(from, from + limit);
      return send(res, 200, {
        cameras: page.map((c, i) => ({
          displayId: String(from + i + 1),
          displayName: c.displayName,
          accessPoint: c.accessPoint,
          audioStreams: [],
          videoStreams: [{ accessPoint: c.accessPoint.replace('SourceEndpoint', 'MultimediaStorage') }],
          isActivated: true,
        })),
        ...(from + limit < found.length ? { nextPageToken: String(from + limit) } : {}),
      });
    }
    if (path === '/macro/list/' || path === '/macro/list') {
      return send(res, 200, { macroCommands: macros.map((m) => ({ id: m.id, name: m.name })) });
    }
    const execute = /^\/macro\/execute\/([^/]+)$/.exec(path);
    if (execute) {
      const id = decodeURIComponent(execute[1] as string);
      const macro = macros.find((m) => m.id === id);
      if (!macro) return send(res, 404);
      runs.push({ id, at: new Date().toISOString() });
      options.onRun?.(macro);
      for (const wake of waiters.splice(0)) wake();
      return send(res, 200);
    }
    return send(res, 404);
  };

  let certificate: string | null = null;
  let server: Server;
  if (options.tls === false) {
    server = createHttpServer(handle);
  } else {
    const generated = generateSelfSigned(['127.0.0.1', 'localhost']);
    certificate = generated.cert;
    server = createHttpsServer(
      {
        cert: generated.cert,
        key: generated.key,
        ...(options.clientCa ? { ca: options.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
      },
      handle,
    );
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const scheme = options.tls === false ? 'http' : 'https';
  return {
    url: `${scheme}://127.0.0.1:${port}${prefix}`,
    port,
    certificate,
    runs,
    waitForRuns(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} macro runs, saw ${runs.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (runs.length >= count) {
            clearTimeout(timer);
            resolve(runs.slice());
          } else waiters.push(check);
        };
        check();
      });
    },
    failWith500(on) {
      failing = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
