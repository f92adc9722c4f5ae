import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * HTTP digest authentication for SIP (RFC 3261 22, RFC 2617, MD5, qop=auth).
 * Nonces are stateless: `<issued at, hex>.<HMAC of it>`, so no nonce table is
 * kept and any server process with the same secret accepts them. A nonce is
 * good for NONCE_TTL_MS; an older one with a valid HMAC is answered `stale`,
 * which makes the client retry silently with a fresh one.
 */

export const NONCE_TTL_MS = 5 * 60_000;

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The parameters of an Authorization / Proxy-Authorization value. */
export type DigestParams = Record<string, string>;

export function parseDigest(value: string): DigestParams | null {
  const match = /^\s*Digest\s+(.*)$/is.exec(value);
  if (!match) return null;
  const params: DigestParams = {};
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))\s*(?:,|$)/g;
  let m: RegExpExecArray | null;
  // biome-ignore lint/suspicious/noAssignInExpressions: the usual exec loop
  while ((m = re.exec(match[1]!)) !== null) {
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  return params;
}

/** What the challenger knows: the realm and the secret its nonces are signed with. */
export interface DigestRealm {
  realm: string;
  secret: Uint8Array;
}

export function createRealm(realm: string, secret: Uint8Array = randomBytes(32)): DigestRealm {
  return { realm, secret };
}

const sign = (secret: Uint8Array, stamp: string) => createHmac('sha256', secret).update(stamp).digest('hex');

export function makeNonce(realm: DigestRealm, now = Date.now()): string {
  const stamp = now.toString(16);
  return `${stamp}.${sign(realm.secret, stamp)}`;
}

/** `valid`, `stale` (signed by us but too old) or `invalid`. */
export function checkNonce(realm: DigestRealm, nonce: string, now = Date.now()): 'valid' | 'stale' | 'invalid' {
  const [stamp, mac] = nonce.split('.');
  if (!stamp || !mac || !/^[0-9a-f]{1,13}$/.test(stamp)) return 'invalid';
  const expected = Buffer.from(sign(realm.secret, stamp));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = now - Number.parseInt(stamp, 16);
  if (age < -60_000) return 'invalid';
  return age > NONCE_TTL_MS ? 'stale' : 'valid';
}

/** The value of WWW-Authenticate / Proxy-Authenticate. */
export function challenge(realm: DigestRealm, stale = false): string {
  return `Digest realm="${realm.realm}", nonce="${makeNonce(realm)}", algorithm=MD5, qop="auth"${stale ? ', stale=TRUE' : ''}`;
}

/** The response a client computes (and the server recomputes) for given credentials. */
export function digestResponse(input: {
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
}): string {
  const ha1 = md5(`${input.username}:${input.realm}:${input.password}`);
  const ha2 = md5(`${input.method}:${input.uri}`);
  return input.qop
    ? md5(`${ha1}:${input.nonce}:${input.nc ?? ''}:${input.cnonce ?? ''}:${input.qop}:${ha2}`)
    : md5(`${ha1}:${input.nonce}:${ha2}`);
}

/** The outcome of checking credentials. */
export type DigestCheck =
  | { result: 'ok'; username: string }
  /** No credentials for this realm, or an expired nonce: challenge, it is not a failed attempt. */
  | { result: 'challenge'; stale: boolean }
  /** Wrong password or forged fields: counts as a failed attempt. */
  | { result: 'failed'; username: string | null };

/**
 * Checks the credentials of a request. `passwordOf` looks the user up (null:
 * unknown user, which counts as a failure so as not to reveal which numbers exist).
 */
export async function verifyDigest(
  realm: DigestRealm,
  header: string | undefined,
  method: string,
  passwordOf: (username: string) => Promise<string | null>,
): Promise<DigestCheck> {
  const params = header ? parseDigest(header) : null;
  if (!params || params.realm !== realm.realm) return { result: 'challenge', stale: false };
  const { username, nonce, uri, response } = params;
  if (!username || !nonce || !uri || !response) return { result: 'failed', username: username ?? null };
  if (params.algorithm && params.algorithm.toUpperCase() !== 'MD5') return { result: 'failed', username };
  const freshness = checkNonce(realm, nonce);
  if (freshness === 'invalid') return { result: 'challenge', stale: false };
  if (freshness === 'stale') return { result: 'challenge', stale: true };
  if (params.qop && params.qop !== 'auth') return { result: 'failed', username };
  const password = await passwordOf(username);
  if (password === null) return { result: 'failed', username };
  const expected = digestResponse({
    username,
    realm: realm.realm,
    password,
    method,
    uri,
    nonce,
    qop: params.qop,
    nc: params.nc,
    cnonce: params.cnonce,
  });
  const a = Buffer.from(expected);
  const b = Buffer.from(response.toLowerCase());
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { result: 'failed', username };
  return { result: 'ok', username };
}

/** Builds an Authorization value for a challenge (the client side: the test user agent). */
export function authorize(input: {
  challenge: string;
  username: string;
  password: string;
  method: string;
  uri: string;
  nc?: number;
}): string {
  const params = parseDigest(input.challenge) ?? {};
  const realm = params.realm ?? '';
  const nonce = params.nonce ?? '';
  const qop = params.qop
    ?.split(',')
    .map((q) => q.trim())
    .includes('auth')
    ? 'auth'
    : undefined;
  const nc = (input.nc ?? 1).toString(16).padStart(8, '0');
  const cnonce = randomBytes(8).toString('hex');
  const response = digestResponse({ ...input, realm, nonce, qop, nc, cnonce });
  const parts = [
    `username="${input.username}"`,
    `realm="${realm}"`,
    `nonce="${nonce}"`,
    `uri="${input.uri}"`,
    `response="${response}"`,
    'algorithm=MD5',
  ];
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`);
  return `Digest ${parts.join(', ')}`;
}
