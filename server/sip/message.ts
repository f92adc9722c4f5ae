/**
 * SIP messages (RFC 3261, the subset the embedded server speaks): a request or
 * a response, an ordered header list and a text body. Header names are kept in
 * their canonical long form; compact forms (`v`, `f`, `t`, `i`, …) are expanded
 * by the parser and by every lookup, so code never has to think about them.
 */

/** Compact header forms (RFC 3261 7.3.3 and later RFCs) → canonical names. */
const COMPACT: Record<string, string> = {
  i: 'Call-ID',
  m: 'Contact',
  e: 'Content-Encoding',
  l: 'Content-Length',
  c: 'Content-Type',
  f: 'From',
  s: 'Subject',
  k: 'Supported',
  t: 'To',
  v: 'Via',
  o: 'Event',
  r: 'Refer-To',
  u: 'Allow-Events',
  x: 'Session-Expires',
};

/** Names whose usual capitalisation is not plain Title-Case. */
const SPECIAL: Record<string, string> = {
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  'www-authenticate': 'WWW-Authenticate',
  'mime-version': 'MIME-Version',
};

/**
 * Headers that may carry several comma-separated values in one line
 * (RFC 3261 7.3.1). Authorization-like headers contain commas but are single
 * values, so they are not listed.
 */
const LIST_HEADERS = new Set(['Via', 'Route', 'Record-Route', 'Contact', 'Allow', 'Supported', 'Require']);

/** Names seen so far → canonical form: every message looks the same few dozen names up many times. */
const canonicalCache = new Map<string, string>();
const CANONICAL_CACHE_LIMIT = 1000;

/** The canonical form of a header name: `call-id` → `Call-ID`, `v` → `Via`, `x-speech-id` → `X-Speech-Id`. */
export function canonicalName(name: string): string {
  const cached = canonicalCache.get(name);
  if (cached) return cached;
  const lower = name.trim().toLowerCase();
  const canonical =
    COMPACT[lower] ??
    SPECIAL[lower] ??
    lower.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
  // Bounded: header names come from the network.
  if (canonicalCache.size < CANONICAL_CACHE_LIMIT) canonicalCache.set(name, canonical);
  return canonical;
}

/**
 * Splits a list header value on commas that are outside quotes and angle
 * brackets (`"Doe, J" <sip:a@b>, <sip:c@d>` has two values).
 */
export function splitList(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '<') depth++;
    else if (c === '>') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter((p) => p.length > 0);
}

/** One header line as stored: canonical name and raw value. */
export interface Header {
  name: string;
  value: string;
}

/** Fields every message has. */
abstract class SipBase {
  headers: Header[] = [];
  body = '';

  /** The first value of a header (for list headers: the first element of the list), or undefined. */
  get(name: string): string | undefined {
    return this.getAll(name)[0];
  }

  /** Every value of a header, in order, list headers split into their elements. */
  getAll(name: string): string[] {
    const wanted = canonicalName(name);
    const values: string[] = [];
    for (const h of this.headers) {
      if (h.name !== wanted) continue;
      if (LIST_HEADERS.has(wanted)) values.push(...splitList(h.value));
      else values.push(h.value);
    }
    return values;
  }

  has(name: string): boolean {
    const wanted = canonicalName(name);
    return this.headers.some((h) => h.name === wanted);
  }

  /** Replaces every line of a header with one value. */
  set(name: string, value: string): this {
    this.remove(name);
    this.headers.push({ name: canonicalName(name), value });
    return this;
  }

  /** Appends a value after the existing lines of that header. */
  append(name: string, value: string): this {
    const canonical = canonicalName(name);
    let last = -1;
    this.headers.forEach((h, i) => {
      if (h.name === canonical) last = i;
    });
    if (last < 0) this.headers.push({ name: canonical, value });
    else this.headers.splice(last + 1, 0, { name: canonical, value });
    return this;
  }

  /** Puts a value before every existing value of that header (a proxy's Via, Record-Route). */
  prepend(name: string, value: string): this {
    const canonical = canonicalName(name);
    const first = this.headers.findIndex((h) => h.name === canonical);
    if (first < 0) this.headers.push({ name: canonical, value });
    else this.headers.splice(first, 0, { name: canonical, value });
    return this;
  }

  remove(name: string): this {
    const wanted = canonicalName(name);
    this.headers = this.headers.filter((h) => h.name !== wanted);
    return this;
  }

  /**
   * Removes the first value of a list header (the top Via, the first Route):
   * the first element of a comma list, or the whole line when it has one value.
   */
  shift(name: string): string | undefined {
    const wanted = canonicalName(name);
    const index = this.headers.findIndex((h) => h.name === wanted);
    if (index < 0) return undefined;
    const line = this.headers[index]!;
    const [first, ...rest] = splitList(line.value);
    if (rest.length === 0) this.headers.splice(index, 1);
    else line.value = rest.join(', ');
    return first;
  }

  /** Copies headers and body into another message. */
  protected copyInto<T extends SipBase>(target: T): T {
    target.headers = this.headers.map((h) => ({ ...h }));
    target.body = this.body;
    return target;
  }

  protected abstract startLine(): string;

  /** The wire form; Content-Length is always written from the body's byte length. */
  toString(): string {
    const lines = [this.startLine()];
    for (const h of this.headers) if (h.name !== 'Content-Length') lines.push(`${h.name}: ${h.value}`);
    lines.push(`Content-Length: ${Buffer.byteLength(this.body, 'utf8')}`);
    return `${lines.join('\r\n')}\r\n\r\n${this.body}`;
  }
}

/** A SIP request: method and Request-URI. */
export class SipRequest extends SipBase {
  readonly kind = 'request';
  constructor(
    public method: string,
    public uri: string,
  ) {
    super();
  }
  protected startLine(): string {
    return `${this.method} ${this.uri} SIP/2.0`;
  }
  clone(): SipRequest {
    return this.copyInto(new SipRequest(this.method, this.uri));
  }
}

/** A SIP response: status code and reason phrase. */
export class SipResponse extends SipBase {
  readonly kind = 'response';
  constructor(
    public status: number,
    public reason: string,
  ) {
    super();
  }
  protected startLine(): string {
    return `SIP/2.0 ${this.status} ${this.reason}`;
  }
  clone(): SipResponse {
    return this.copyInto(new SipResponse(this.status, this.reason));
  }
}

export type SipMessage = SipRequest | SipResponse;

/** Reason phrases of the codes the server sends. */
export const REASONS: Record<number, string> = {
  100: 'Trying',
  180: 'Ringing',
  183: 'Session Progress',
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  420: 'Bad Extension',
  480: 'Temporarily Unavailable',
  481: 'Call/Transaction Does Not Exist',
  482: 'Loop Detected',
  483: 'Too Many Hops',
  486: 'Busy Here',
  487: 'Request Terminated',
  488: 'Not Acceptable Here',
  500: 'Server Internal Error',
  503: 'Service Unavailable',
  600: 'Busy Everywhere',
  603: 'Decline',
};

/**
 * A response to a request, as RFC 3261 8.2.6 builds it: Via, From, To, Call-ID
 * and CSeq copied; a To tag added when given and not already there.
 */
export function responseTo(request: SipRequest, status: number, options: { reason?: string; toTag?: string } = {}) {
  const response = new SipResponse(status, options.reason ?? REASONS[status] ?? 'Unknown');
  for (const h of request.headers) {
    if (h.name === 'Via' || h.name === 'From' || h.name === 'Call-ID' || h.name === 'CSeq') {
      response.headers.push({ ...h });
    }
  }
  const to = request.get('To') ?? '';
  response.set('To', options.toTag && !/;\s*tag=/i.test(to) ? `${to};tag=${options.toTag}` : to);
  return response;
}
