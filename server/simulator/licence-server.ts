import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LicencePayload } from '../domain/licences/licence-file';
import { signLicence } from './licence-issuer';

/** What the licence server knows a key by: the licences it issues for it (instance_id is filled per request). */
export type AccountLicences = Omit<LicencePayload, 'instance_id'>[];

export interface LicenceServerSimulator {
  /** Base URL for LICENCE_SERVER_URL (loopback, a free port). */
  url: string;
  /** Adds (or replaces) an account: the licences issued for its key. */
  account(key: string, licences: AccountLicences): void;
  /** Requests received, newest last. */
  requests: { instance_id: string; key: string; project?: unknown }[];
  close(): Promise<void>;
}

/**
 * A licence server on loopback speaking our `features/state` (server/domain/licences/licence-server.ts),
 * so "add from a licence server" runs for real in tests: a key it does not know, or one without
 * licences, answers 404; a key is bound to the first installation that asks, and another
 * installation asking with it gets 409; otherwise 200 with the account's licences issued for the
 * asking installation and signed with the development key.
 */
export async function startLicenceServer(): Promise<LicenceServerSimulator> {
  const accounts = new Map<string, AccountLicences>();
  const boundTo = new Map<string, string>();
  const requests: LicenceServerSimulator['requests'] = [];

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/features/state') return answer(res, 404, { error: 'not_found' });
    let text = '';
    for await (const chunk of req) text += chunk;
    let body: { instance_id?: unknown; key?: unknown; project?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return answer(res, 400, { error: 'bad_request' });
    }
    if (typeof body.instance_id !== 'string' || typeof body.key !== 'string')
      return answer(res, 400, { error: 'bad_request' });
    requests.push({ instance_id: body.instance_id, key: body.key, project: body.project });
    const licences = accounts.get(body.key);
    if (!licences || licences.length === 0) return answer(res, 404, { error: 'no_licences' });
    const bound = boundTo.get(body.key);
    if (bound !== undefined && bound !== body.instance_id) return answer(res, 409, { error: 'instance_registered' });
    boundTo.set(body.key, body.instance_id);
    const instanceId = body.instance_id;
    return answer(res, 200, { licences: licences.map((l) => signLicence({ ...l, instance_id: instanceId })) });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, { error: 'internal' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    account: (key, licences) => accounts.set(key, licences),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
