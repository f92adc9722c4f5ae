import { randomBytes } from 'node:crypto';
import type { IpBans } from './bans';
import type { DigestRealm } from './digest';
import type { Directory } from './directory';
import { responseTo, type SipRequest, type SipResponse } from './message';
import type { Bindings } from './registrar';
import type { SipConnection, WssTransport } from './transport';

/** What the SIP server's parts log through (Fastify's logger fits). */
export interface SipLogger {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** The shared parts of the running SIP server, handed to the registrar, proxy and call queue. */
export interface SipCore {
  /** The SIP domain and host: the configured proxy host. Realm of digest auth, host of our Via and Record-Route. */
  domain: string;
  realm: DigestRealm;
  directory: Directory;
  bans: IpBans;
  bindings: Bindings;
  transport: WssTransport;
  log: SipLogger;
}

/** Via branch of a request we send (the RFC 3261 magic cookie, then randomness). */
export const newBranch = () => `z9hG4bK${randomBytes(10).toString('base64url')}`;
export const newTag = () => randomBytes(8).toString('hex');
export const newCallId = () => randomBytes(12).toString('base64url');

/** Sends a response built from the request (Via, From, To, Call-ID, CSeq copied) on the connection. */
export function reply(
  connection: SipConnection,
  request: SipRequest,
  status: number,
  options: { reason?: string; toTag?: string; headers?: Record<string, string>; body?: string } = {},
): SipResponse {
  const response = responseTo(request, status, options);
  for (const [name, value] of Object.entries(options.headers ?? {})) response.set(name, value);
  if (options.body !== undefined) response.body = options.body;
  connection.send(response);
  return response;
}

/** Max-Forwards after this hop; null when the request must not travel further (483). */
export function nextMaxForwards(request: SipRequest): number | null {
  const raw = request.get('Max-Forwards');
  const value = raw === undefined ? 70 : Number(raw);
  if (!Number.isInteger(value) || value <= 0) return null;
  return Math.min(value, 70) - 1;
}
