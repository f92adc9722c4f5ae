import { reply, type SipCore } from './core';
import { challenge, verifyDigest } from './digest';
import type { SipNumberInfo } from './directory';
import type { SipRequest } from './message';
import type { SipConnection } from './transport';
import { formatUri, parseNameAddr } from './uri';

/** Registration lifetimes in seconds: asked-for values are clamped into this range. */
export const REGISTRATION_EXPIRES = { default: 600, min: 60, max: 3600 } as const;
/** Most registrations one number may hold at once (browser tabs, phones); the oldest goes first. */
export const MAX_BINDINGS_PER_NUMBER = 20;

/** One registration: a contact of a number, reachable over one connection. */
export interface Binding {
  number: string;
  /** The Contact URI the client registered (the Request-URI of requests sent to it). */
  contact: string;
  connectionId: string;
  expiresAt: number;
  registeredAt: number;
}

/**
 * Registrations in memory: number → bindings. A binding lives until it
 * expires, is removed by the client, or its WebSocket closes (a browser tab
 * that goes away takes its registration with it).
 */
export function createBindings() {
  const byNumber = new Map<string, Map<string, Binding>>();
  const keyOf = (connectionId: string, contact: string) => `${connectionId} ${contact}`;

  const live = (number: string): Binding[] => {
    const set = byNumber.get(number);
    if (!set) return [];
    const now = Date.now();
    for (const [key, b] of set) if (b.expiresAt <= now) set.delete(key);
    if (set.size === 0) byNumber.delete(number);
    return [...set.values()];
  };

  return {
    put(binding: Omit<Binding, 'registeredAt'>) {
      let set = byNumber.get(binding.number);
      if (!set) {
        set = new Map();
        byNumber.set(binding.number, set);
      }
      const key = keyOf(binding.connectionId, binding.contact);
      const registeredAt = set.get(key)?.registeredAt ?? Date.now();
      set.set(key, { ...binding, registeredAt });
      while (set.size > MAX_BINDINGS_PER_NUMBER) {
        const oldest = [...set.entries()].sort((a, b) => a[1].registeredAt - b[1].registeredAt)[0]!;
        set.delete(oldest[0]);
      }
    },
    remove(number: string, connectionId: string, contact: string | null) {
      const set = byNumber.get(number);
      if (!set) return;
      for (const [key, b] of set)
        if (b.connectionId === connectionId && (contact === null || b.contact === contact)) set.delete(key);
      if (set.size === 0) byNumber.delete(number);
    },
    /** Current registrations of a number. */
    lookup: live,
    /** Drops every registration made over a closed connection. */
    dropConnection(connectionId: string) {
      for (const [number, set] of byNumber) {
        for (const [key, b] of set) if (b.connectionId === connectionId) set.delete(key);
        if (set.size === 0) byNumber.delete(number);
      }
    },
    /** Numbers with at least one registration, and the registration count. */
    stats() {
      let registrations = 0;
      let numbers = 0;
      for (const number of [...byNumber.keys()]) {
        const n = live(number).length;
        registrations += n;
        if (n > 0) numbers++;
      }
      return { numbers, registrations };
    },
    clear() {
      byNumber.clear();
    },
  };
}

export type Bindings = ReturnType<typeof createBindings>;

function expiresOf(request: SipRequest, contactParams: Map<string, string | null>): number {
  const raw = contactParams.get('expires') ?? request.get('Expires');
  const asked = raw === undefined || raw === null || !/^\d+$/.test(raw) ? REGISTRATION_EXPIRES.default : Number(raw);
  if (asked === 0) return 0;
  return Math.min(REGISTRATION_EXPIRES.max, Math.max(REGISTRATION_EXPIRES.min, asked));
}

/**
 * REGISTER (RFC 3261 10.3) of `number@domain` with digest auth against the
 * active virtual numbers. No credentials: 401 with a challenge. A wrong
 * password: 401 again and one AUTH_FAILED against the address. Credentials
 * for a number that does not exist (or is inactive): 404, also AUTH_FAILED.
 */
export async function handleRegister(core: SipCore, connection: SipConnection, request: SipRequest): Promise<void> {
  let number: string | null;
  try {
    number = parseNameAddr(request.get('To') ?? '').uri.user;
  } catch {
    number = null;
  }
  if (!number) {
    reply(connection, request, 400, { reason: 'Bad To' });
    return;
  }
  // The number is read only when credentials come: the first, unauthenticated REGISTER costs no query.
  let info: SipNumberInfo | null = null;
  const check = await verifyDigest(core.realm, request.get('Authorization'), 'REGISTER', async (username) => {
    if (username !== number) return null;
    info = await core.directory.find(number);
    return info?.password ?? null;
  });
  if (check.result === 'challenge') {
    reply(connection, request, 401, { headers: { 'WWW-Authenticate': challenge(core.realm, check.stale) } });
    return;
  }
  if (check.result === 'failed') {
    await core.bans.record(connection.ip, 'AUTH_FAILED');
    if (check.username !== number) reply(connection, request, 403, { reason: 'Username Differs From To' });
    else if (!info) reply(connection, request, 404, { reason: 'Number Not Found' });
    else reply(connection, request, 401, { headers: { 'WWW-Authenticate': challenge(core.realm) } });
    return;
  }
  connection.authenticated.add(number);

  const contacts = request.getAll('Contact');
  for (const value of contacts) {
    if (value.trim() === '*') {
      // Unregister all: only this connection's registrations, so one tab cannot sign out the others.
      core.bindings.remove(number, connection.id, null);
      continue;
    }
    let contact: string;
    let params: Map<string, string | null>;
    try {
      const addr = parseNameAddr(value);
      contact = formatUri(addr.uri);
      params = addr.params;
    } catch {
      reply(connection, request, 400, { reason: 'Bad Contact' });
      return;
    }
    const expires = expiresOf(request, params);
    if (expires === 0) core.bindings.remove(number, connection.id, contact);
    else core.bindings.put({ number, contact, connectionId: connection.id, expiresAt: Date.now() + expires * 1000 });
  }

  const now = Date.now();
  const current = core.bindings.lookup(number);
  const response = reply(connection, request, 200, {
    headers: current.length
      ? { Contact: current.map((b) => `<${b.contact}>;expires=${Math.round((b.expiresAt - now) / 1000)}`).join(', ') }
      : {},
  });
  core.log.debug({ number, bindings: current.length, status: response.status }, 'sip: registered');
}
