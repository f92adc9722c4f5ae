import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { INTEGRATION_LIMITS } from '../../../src/contract/constants';
import { ERROR_CODES } from '../../../src/contract/errors';
import { refused, unavailable } from '../errors';

/**
 * The adapter of Axxon One's web server HTTP API (AxxonSoft documentation, "Server HTTP API":
 * Cameras, Macros; docs/decisions.md "Integrations"): Basic authorization with a platform
 * user; `GET {url}/camera/list` → `{ cameras: [{ displayName, displayId, accessPoint, … }],
 * nextPageToken? }` (paged with `limit` and `next_page`); `GET {url}/macro/list/?exclude_auto`
 * → `{ macroCommands: [{ id, name }] }`; `GET {url}/macro/execute/{id}` runs a macro.
 * HTTPS trusts the certificates of the integration's certificate file, and presents its
 * client certificate when the file holds a private key.
 *
 * What goes wrong becomes a catalogue error, never a 5xx of ours: no answer (down,
 * refused, TLS refused, timed out) → 503 "integration server unavailable"; 401/403 → 400
 * "invalid credentials"; a server error of the platform → 503 "grpc connection error" (its
 * web server fronts its gRPC services); an answer we cannot read → "integration server
 * unavailable".
 */

/** What the adapter needs of an integration. */
export interface AxxonSettings {
  url: string;
  user: string | null;
  password: string | null;
  /** The uploaded PEM file: certificates, and maybe the private key of the first one. */
  certificate: string | null;
}

export interface AxxonMacro {
  guid: string;
  name: string;
}
export interface AxxonCamera {
  displayName: string;
  accessPoint: string;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g;

/** The TLS options of a certificate file: trusted certificates, and the client identity when it holds a key. */
export function tlsOptionsOf(pem: string | null): { ca?: string[]; cert?: string; key?: string } {
  if (!pem) return {};
  const blocks = [...pem.matchAll(PEM_BLOCK)];
  const certs = blocks.filter((b) => b[1] === 'CERTIFICATE').map((b) => b[0]);
  const key = blocks.find((b) => b[1]?.endsWith('PRIVATE KEY'))?.[0];
  if (!key) return certs.length > 0 ? { ca: certs } : {};
  const [cert, ...rest] = certs;
  return { cert, key, ...(rest.length > 0 ? { ca: rest } : {}) };
}

const unavailableError = () => unavailable(ERROR_CODES.integrationUnavailable);

/** One GET to the platform, JSON answered (or nothing when `json` is false). */
async function get(settings: AxxonSettings, path: string, json: boolean): Promise<unknown> {
  const base = new URL(settings.url.replace(/\/+$/, '') + path);
  const secure = base.protocol === 'https:';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (settings.user !== null || settings.password !== null) {
    const pair = `${settings.user ?? ''}:${settings.password ?? ''}`;
    headers.authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }
  const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const options = {
      method: 'GET',
      headers,
      timeout: INTEGRATION_LIMITS.requestTimeoutMs,
      ...(secure ? { ...tlsOptionsOf(settings.certificate), rejectUnauthorized: true } : {}),
    };
    const onResponse = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // A platform answering far more than any list: stop reading.
        if (size > 32 * 1024 * 1024) req.destroy(new Error('answer too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    };
    const req = secure ? httpsRequest(base, options, onResponse) : httpRequest(base, options, onResponse);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  }).catch(() => {
    throw unavailableError();
  });
  if (response.status === 401 || response.status === 403) throw refused(ERROR_CODES.invalidCredentials);
  if (response.status >= 500) throw unavailable(ERROR_CODES.integrationGrpcError);
  if (response.status < 200 || response.status >= 300) throw unavailableError();
  if (!json) return null;
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw unavailableError();
  }
}

const text = (x: unknown) => (typeof x === 'string' ? x : null);

/** Every macro of the platform (without its automatic rules), as it lists them. */
export async function listMacros(settings: AxxonSettings): Promise<AxxonMacro[]> {
  const answer = (await get(settings, '/macro/list/?exclude_auto', true)) as { macroCommands?: unknown } | null;
  if (!answer || !Array.isArray(answer.macroCommands)) throw unavailableError();
  return answer.macroCommands
    .map((m: { id?: unknown; name?: unknown }) => ({ guid: text(m?.id), name: text(m?.name) }))
    .filter((m): m is AxxonMacro => m.guid !== null && m.name !== null)
    .slice(0, INTEGRATION_LIMITS.listMax);
}

/** Every camera of the platform's domain (its pages followed, up to the list limit). */
export async function listCameras(settings: AxxonSettings): Promise<AxxonCamera[]> {
  const cameras: AxxonCamera[] = [];
  let next: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '1000' });
    if (next) query.set('next_page', next);
    const answer = (await get(settings, `/camera/list?${query}`, true)) as {
      cameras?: unknown;
      nextPageToken?: unknown;
    } | null;
    if (!answer || !Array.isArray(answer.cameras)) throw unavailableError();
    for (const c of answer.cameras as { displayName?: unknown; accessPoint?: unknown }[]) {
      const displayName = text(c?.displayName);
      const accessPoint = text(c?.accessPoint);
      if (displayName !== null && accessPoint !== null) cameras.push({ displayName, accessPoint });
    }
    next = text(answer.nextPageToken) || null;
  } while (next && cameras.length < INTEGRATION_LIMITS.listMax);
  return cameras.slice(0, INTEGRATION_LIMITS.listMax);
}

/** Runs one macro on the platform. */
export async function executeMacro(settings: AxxonSettings, guid: string): Promise<void> {
  await get(settings, `/macro/execute/${encodeURIComponent(guid)}`, false);
}
