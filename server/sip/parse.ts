import { canonicalName, type SipMessage, SipRequest, SipResponse } from './message';

/** A message that cannot be read. The server drops it (or answers 400 when it can tell who sent it). */
export class SipParseError extends Error {
  override name = 'SipParseError';
}

/** Largest message the server reads (a WebSocket frame carries one message). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

const REQUEST_LINE = /^([A-Za-z]+) (\S+) SIP\/2\.0$/;
const STATUS_LINE = /^SIP\/2\.0 ([1-6]\d\d) ?(.*)$/;
const TOKEN = /^[A-Za-z0-9.!%*_+`'~-]+$/;
/** Headers without which no request or response makes sense (RFC 3261 8.1.1). */
const REQUIRED = ['Via', 'From', 'To', 'Call-ID', 'CSeq'];

/**
 * Parses one SIP message from its text (one WebSocket frame). Accepts CRLF or
 * bare LF line ends, folded header lines and compact header names; checks the
 * start line, the mandatory headers, CSeq and Content-Length.
 */
export function parseMessage(text: string): SipMessage {
  if (text.length > MAX_MESSAGE_BYTES) throw new SipParseError('message too large');
  const split = /\r?\n\r?\n/.exec(text);
  if (!split) throw new SipParseError('no end of headers');
  const head = text.slice(0, split.index);
  let body = text.slice(split.index + split[0].length);

  const lines = head.split(/\r?\n/);
  const start = lines.shift()?.trim() ?? '';
  let message: SipMessage;
  const request = REQUEST_LINE.exec(start);
  const status = request ? null : STATUS_LINE.exec(start);
  if (request) message = new SipRequest(request[1]!.toUpperCase(), request[2]!);
  else if (status) message = new SipResponse(Number(status[1]), status[2]!.trim());
  else throw new SipParseError(`bad start line: ${start.slice(0, 80)}`);

  for (const line of lines) {
    if (line === '') continue;
    // A line starting with white space continues the previous header (RFC 3261 7.3.1).
    if (/^[ \t]/.test(line)) {
      const last = message.headers[message.headers.length - 1];
      if (!last) throw new SipParseError('continuation line without a header');
      last.value = `${last.value} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError(`bad header line: ${line.slice(0, 80)}`);
    const name = line.slice(0, colon).trim();
    if (!TOKEN.test(name)) throw new SipParseError(`bad header name: ${name.slice(0, 40)}`);
    message.headers.push({ name: canonicalName(name), value: line.slice(colon + 1).trim() });
  }

  for (const name of REQUIRED) {
    if (!message.has(name)) throw new SipParseError(`missing ${name}`);
  }
  const cseq = parseCSeq(message.get('CSeq')!);
  if (message instanceof SipRequest && cseq.method !== message.method) {
    throw new SipParseError('CSeq method differs from the request method');
  }

  const length = message.get('Content-Length');
  if (length !== undefined) {
    if (!/^\d+$/.test(length)) throw new SipParseError('bad Content-Length');
    const bytes = Buffer.from(body, 'utf8');
    const wanted = Number(length);
    if (bytes.length < wanted) throw new SipParseError('body shorter than Content-Length');
    body = bytes.subarray(0, wanted).toString('utf8');
  }
  message.body = body;
  return message;
}

/** CSeq: a sequence number and a method. */
export interface CSeq {
  seq: number;
  method: string;
}

export function parseCSeq(value: string): CSeq {
  const match = /^(\d{1,10})\s+([A-Za-z]+)$/.exec(value.trim());
  if (!match) throw new SipParseError(`bad CSeq: ${value.slice(0, 40)}`);
  const seq = Number(match[1]);
  if (seq > 2 ** 31 - 1) throw new SipParseError('CSeq number too large');
  return { seq, method: match[2]!.toUpperCase() };
}
