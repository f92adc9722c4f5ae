import { SipParseError } from './parse';

/**
 * SIP URIs, name-addr header values (From, To, Contact, Route, Record-Route)
 * and Via values. Parameters keep their order; a parameter without a value is
 * stored as null (`;lr`).
 */

export type Params = Map<string, string | null>;

/** `sip:user@host:port;param=value?header=value` */
export interface SipUri {
  scheme: 'sip' | 'sips';
  user: string | null;
  host: string;
  port: number | null;
  params: Params;
  /** Everything after `?`, kept raw. */
  headers: string;
}

/** Parses `;a=b;c` into a map (names lowercased, values unquoted). */
export function parseParams(text: string): Params {
  const params: Params = new Map();
  for (const part of splitOutsideQuotes(text, ';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    if (eq < 0) params.set(trimmed.toLowerCase(), null);
    else params.set(trimmed.slice(0, eq).trim().toLowerCase(), unquote(trimmed.slice(eq + 1).trim()));
  }
  return params;
}

export function formatParams(params: Params): string {
  let text = '';
  for (const [name, value] of params) {
    text += value === null ? `;${name}` : `;${name}=${needsQuotes(value) ? `"${value}"` : value}`;
  }
  return text;
}

const needsQuotes = (value: string) => !/^[A-Za-z0-9.!%*_+`'~:\-[\]]*$/.test(value);

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const HOST_PORT = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-_]+)(?::(\d{1,5}))?$/;

export function parseUri(text: string): SipUri {
  const match = /^(sips?):(.*)$/i.exec(text.trim());
  if (!match) throw new SipParseError(`not a SIP URI: ${text.slice(0, 80)}`);
  const scheme = match[1]!.toLowerCase() as 'sip' | 'sips';
  let rest = match[2]!;
  let headers = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    headers = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  let user: string | null = null;
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    user = rest.slice(0, at);
    // A password part (`user:secret@`) is deprecated; keep only the user.
    const colon = user.indexOf(':');
    if (colon >= 0) user = user.slice(0, colon);
    try {
      user = decodeURIComponent(user);
    } catch {
      throw new SipParseError(`bad escape in URI user: ${text.slice(0, 80)}`);
    }
    rest = rest.slice(at + 1);
  }
  const semi = rest.indexOf(';');
  const hostPort = semi >= 0 ? rest.slice(0, semi) : rest;
  const params = parseParams(semi >= 0 ? rest.slice(semi + 1) : '');
  const hp = HOST_PORT.exec(hostPort);
  if (!hp) throw new SipParseError(`bad host in URI: ${text.slice(0, 80)}`);
  const port = hp[2] ? Number(hp[2]) : null;
  if (port !== null && (port < 1 || port > 65_535)) throw new SipParseError('bad port in URI');
  return { scheme, user, host: hp[1]!.toLowerCase(), port, params, headers };
}

export function formatUri(uri: SipUri): string {
  const user = uri.user === null ? '' : `${encodeURIComponent(uri.user).replace(/%2B/g, '+')}@`;
  const port = uri.port === null ? '' : `:${uri.port}`;
  const headers = uri.headers ? `?${uri.headers}` : '';
  return `${uri.scheme}:${user}${uri.host}${port}${formatParams(uri.params)}${headers}`;
}

/** A name-addr or addr-spec header value: `"Name" <sip:…>;tag=…`. */
export interface NameAddr {
  display: string | null;
  uri: SipUri;
  /** Header parameters (tag, expires, +sip.instance, …), not the URI's own. */
  params: Params;
}

export function parseNameAddr(text: string): NameAddr {
  const value = text.trim();
  const open = value.indexOf('<');
  if (open >= 0) {
    const close = value.indexOf('>', open);
    if (close < 0) throw new SipParseError(`unclosed < in ${value.slice(0, 80)}`);
    let display: string | null = value.slice(0, open).trim();
    display = display ? unquote(display) : null;
    return {
      display,
      uri: parseUri(value.slice(open + 1, close)),
      params: parseParams(value.slice(close + 1).replace(/^\s*;/, '')),
    };
  }
  // addr-spec form: parameters after the URI belong to the header (RFC 3261 20.10).
  const semi = value.indexOf(';');
  return {
    display: null,
    uri: parseUri(semi >= 0 ? value.slice(0, semi) : value),
    params: parseParams(semi >= 0 ? value.slice(semi + 1) : ''),
  };
}

export function formatNameAddr(addr: NameAddr): string {
  const display = addr.display ? `"${addr.display.replace(/(["\\])/g, '\\$1')}" ` : '';
  return `${display}<${formatUri(addr.uri)}>${formatParams(addr.params)}`;
}

/** The tag parameter of a From or To value, or null. */
export function tagOf(value: string | undefined): string | null {
  if (!value) return null;
  return parseNameAddr(value).params.get('tag') ?? null;
}

/** The user part of the URI of a From, To or Contact value, or null. */
export function userOf(value: string | undefined): string | null {
  if (!value) return null;
  return parseNameAddr(value).uri.user;
}

/** `SIP/2.0/WSS host:port;branch=…;received=…` */
export interface Via {
  transport: string;
  host: string;
  port: number | null;
  params: Params;
}

export function parseVia(text: string): Via {
  const match = /^SIP\s*\/\s*2\.0\s*\/\s*([A-Za-z]+)\s+([^;\s]+)\s*(.*)$/i.exec(text.trim());
  if (!match) throw new SipParseError(`bad Via: ${text.slice(0, 80)}`);
  const hp = HOST_PORT.exec(match[2]!);
  if (!hp) throw new SipParseError(`bad Via host: ${text.slice(0, 80)}`);
  return {
    transport: match[1]!.toUpperCase(),
    host: hp[1]!,
    port: hp[2] ? Number(hp[2]) : null,
    params: parseParams(match[3]!.replace(/^;/, '')),
  };
}

export function formatVia(via: Via): string {
  return `SIP/2.0/${via.transport} ${via.host}${via.port === null ? '' : `:${via.port}`}${formatParams(via.params)}`;
}

/** The branch of the top Via, or null. */
export function branchOf(value: string | undefined): string | null {
  if (!value) return null;
  return parseVia(value).params.get('branch') ?? null;
}
