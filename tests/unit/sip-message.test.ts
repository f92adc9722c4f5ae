import { describe, expect, it } from 'vitest';
import { authorize, checkNonce, createRealm, makeNonce, NONCE_TTL_MS, verifyDigest } from '../../server/sip/digest';
import { canonicalName, responseTo, SipRequest, SipResponse, splitList } from '../../server/sip/message';
import { parseMessage, SipParseError } from '../../server/sip/parse';
import { formatNameAddr, formatUri, formatVia, parseNameAddr, parseUri, parseVia, tagOf } from '../../server/sip/uri';

/** A JsSIP-like INVITE, with compact headers, a folded line and a multi-valued Via line. */
const INVITE = [
  'INVITE sip:1002@sip.example.com SIP/2.0',
  'v: SIP/2.0/WSS df7jal23ls0d.invalid;branch=z9hG4bK111;rport, SIP/2.0/WSS 10.0.0.1:8443;branch=z9hG4bK000',
  'Max-Forwards: 69',
  'To: <sip:1002@sip.example.com>',
  'f: "Door, Main" <sip:1001@sip.example.com>;tag=abc123',
  'i: 3c26700ba2@example',
  'CSeq: 7 INVITE',
  'm: <sip:x8@df7jal23ls0d.invalid;transport=ws;ob>',
  'X-Speech-Id: 5f0e8d42-1111-4222-8333-944455556666',
  'Subject: a long',
  '  folded subject',
  'c: application/sdp',
  'l: 13',
  '',
  'v=0\r\no=- 1 1 X',
].join('\r\n');

describe('SIP parser', () => {
  it('reads a request with compact, folded and multi-valued headers', () => {
    const msg = parseMessage(INVITE);
    expect(msg).toBeInstanceOf(SipRequest);
    const req = msg as SipRequest;
    expect(req.method).toBe('INVITE');
    expect(req.uri).toBe('sip:1002@sip.example.com');
    expect(req.getAll('Via')).toHaveLength(2);
    expect(parseVia(req.get('via')!).params.get('branch')).toBe('z9hG4bK111');
    expect(req.get('Call-ID')).toBe('3c26700ba2@example');
    expect(req.get('Subject')).toBe('a long folded subject');
    expect(req.get('x-speech-id')).toBe('5f0e8d42-1111-4222-8333-944455556666');
    expect(tagOf(req.get('From'))).toBe('abc123');
    expect(parseNameAddr(req.get('From')!).display).toBe('Door, Main');
    // Content-Length counts bytes of the body; the rest of the frame is ignored.
    expect(req.body).toBe('v=0\r\no=- 1 1 ');
  });

  it('round-trips: serialise, parse again, same message', () => {
    const first = parseMessage(INVITE);
    const again = parseMessage(first.toString());
    expect(again.toString()).toBe(first.toString());
    expect(again.headers.map((h) => h.name)).toContain('Content-Length');
    expect(first.toString()).toContain('Content-Length: 13\r\n\r\n');
  });

  it('reads a response and counts the body in bytes (UTF-8)', () => {
    const body = 'é';
    const text = `SIP/2.0 486 Busy Here\r\nVia: SIP/2.0/WSS a.invalid;branch=z9hG4bK1\r\nFrom: <sip:a@h>;tag=1\r\nTo: <sip:b@h>;tag=2\r\nCall-ID: c\r\nCSeq: 1 INVITE\r\nContent-Length: 2\r\n\r\n${body}`;
    const res = parseMessage(text) as SipResponse;
    expect(res).toBeInstanceOf(SipResponse);
    expect(res.status).toBe(486);
    expect(res.reason).toBe('Busy Here');
    expect(res.body).toBe('é');
    expect(parseMessage(res.toString()).toString()).toBe(res.toString());
  });

  it('accepts bare LF line ends', () => {
    const msg = parseMessage(INVITE.replace(/\r\n/g, '\n').replace('l: 13', 'l: 12'));
    expect(msg.get('CSeq')).toBe('7 INVITE');
  });

  it.each([
    ['no blank line', 'INVITE sip:a@b SIP/2.0\r\nVia: x'],
    ['bad start line', 'HELLO\r\n\r\n'],
    ['SIP/3.0', INVITE.replace('SIP/2.0\r\n', 'SIP/3.0\r\n')],
    ['missing Call-ID', INVITE.replace('i: 3c26700ba2@example\r\n', '')],
    ['missing Via', INVITE.replace(/v: .*\r\n/, '')],
    ['CSeq method differs', INVITE.replace('CSeq: 7 INVITE', 'CSeq: 7 BYE')],
    ['bad CSeq', INVITE.replace('CSeq: 7 INVITE', 'CSeq: seven INVITE')],
    ['short body', INVITE.replace('l: 13', 'l: 99')],
    ['bad Content-Length', INVITE.replace('l: 13', 'l: -1')],
    ['header without colon', INVITE.replace('Max-Forwards: 69', 'Max-Forwards 69')],
    ['bad header name', INVITE.replace('Max-Forwards: 69', 'Max Forwards: 69')],
    ['leading continuation', 'INVITE sip:a@b SIP/2.0\r\n folded\r\n\r\n'],
    ['too large', `${INVITE}${'x'.repeat(70_000)}`],
  ])('refuses malformed input: %s', (_name, text) => {
    expect(() => parseMessage(text)).toThrow(SipParseError);
  });

  it('canonicalises header names', () => {
    expect(canonicalName('call-id')).toBe('Call-ID');
    expect(canonicalName('CSEQ')).toBe('CSeq');
    expect(canonicalName('www-authenticate')).toBe('WWW-Authenticate');
    expect(canonicalName('x-sos-call')).toBe('X-Sos-Call');
    expect(canonicalName('t')).toBe('To');
  });

  it('splits lists outside quotes and brackets', () => {
    expect(splitList('"a, b" <sip:x@y;p=1,2>, <sip:z@w>')).toEqual(['"a, b" <sip:x@y;p=1,2>', '<sip:z@w>']);
  });

  it('edits headers: prepend, shift, append, remove', () => {
    const req = parseMessage(INVITE) as SipRequest;
    req.prepend('Via', 'SIP/2.0/WSS proxy;branch=z9hG4bKp');
    expect(req.getAll('Via')).toHaveLength(3);
    expect(req.shift('Via')).toBe('SIP/2.0/WSS proxy;branch=z9hG4bKp');
    expect(req.shift('Via')).toContain('z9hG4bK111');
    expect(req.getAll('Via')).toEqual(['SIP/2.0/WSS 10.0.0.1:8443;branch=z9hG4bK000']);
    req.append('Record-Route', '<sip:a;lr>').append('Record-Route', '<sip:b;lr>');
    expect(req.getAll('Record-Route')).toEqual(['<sip:a;lr>', '<sip:b;lr>']);
    req.remove('Record-Route');
    expect(req.has('Record-Route')).toBe(false);
  });

  it('builds responses with the request identity and a To tag', () => {
    const req = parseMessage(INVITE) as SipRequest;
    const res = responseTo(req, 180, { toTag: 'srv1' });
    expect(res.getAll('Via')).toEqual(req.getAll('Via'));
    expect(tagOf(res.get('To'))).toBe('srv1');
    expect(res.get('CSeq')).toBe('7 INVITE');
    expect(res.toString().startsWith('SIP/2.0 180 Ringing\r\n')).toBe(true);
  });
});

describe('SIP URIs and header values', () => {
  it('parses and formats URIs', () => {
    const uri = parseUri('sip:1001@Example.COM:5060;transport=ws;lr?subject=x');
    expect(uri).toMatchObject({ scheme: 'sip', user: '1001', host: 'example.com', port: 5060, headers: 'subject=x' });
    expect(uri.params.get('lr')).toBeNull();
    expect(formatUri(uri)).toBe('sip:1001@example.com:5060;transport=ws;lr?subject=x');
    expect(parseUri('sip:[::1]:8443').host).toBe('[::1]');
    expect(parseUri('sips:host').user).toBeNull();
    expect(() => parseUri('http://x')).toThrow(SipParseError);
    expect(() => parseUri('sip:a@b:99999')).toThrow(SipParseError);
    expect(() => parseUri('sip:%zz@b')).toThrow(SipParseError);
  });

  it('parses name-addr and addr-spec forms', () => {
    const addr = parseNameAddr('"Front door" <sip:1001@h;transport=ws>;tag=9;+sip.instance="<urn:uuid:1>"');
    expect(addr.display).toBe('Front door');
    expect(addr.uri.params.get('transport')).toBe('ws');
    expect(addr.params.get('tag')).toBe('9');
    expect(addr.params.get('+sip.instance')).toBe('<urn:uuid:1>');
    expect(formatNameAddr(addr)).toBe('"Front door" <sip:1001@h;transport=ws>;tag=9;+sip.instance="<urn:uuid:1>"');
    const spec = parseNameAddr('sip:1002@h;tag=x');
    expect(spec.uri.params.size).toBe(0);
    expect(spec.params.get('tag')).toBe('x');
    expect(() => parseNameAddr('<sip:a@b')).toThrow(SipParseError);
  });

  it('parses Via values', () => {
    const via = parseVia('SIP/2.0/WSS 127.0.0.1:8443;branch=z9hG4bKx;rport=5;received=1.2.3.4');
    expect(via).toMatchObject({ transport: 'WSS', host: '127.0.0.1', port: 8443 });
    expect(via.params.get('rport')).toBe('5');
    expect(formatVia(via)).toBe('SIP/2.0/WSS 127.0.0.1:8443;branch=z9hG4bKx;rport=5;received=1.2.3.4');
    expect(() => parseVia('SIP/2.0 nohost')).toThrow(SipParseError);
  });
});

describe('digest authentication', () => {
  const realm = createRealm('sip.example.com');
  const passwords: Record<string, string> = { '1001': 'Secret1a' };
  const lookup = async (user: string) => passwords[user] ?? null;
  const challengeHeader = `Digest realm="sip.example.com", nonce="${makeNonce(realm)}", algorithm=MD5, qop="auth"`;

  it('accepts the right password and refuses a wrong one', async () => {
    const good = authorize({
      challenge: challengeHeader,
      username: '1001',
      password: 'Secret1a',
      method: 'REGISTER',
      uri: 'sip:sip.example.com',
    });
    expect(await verifyDigest(realm, good, 'REGISTER', lookup)).toEqual({ result: 'ok', username: '1001' });
    const bad = authorize({
      challenge: challengeHeader,
      username: '1001',
      password: 'wrong',
      method: 'REGISTER',
      uri: 'sip:sip.example.com',
    });
    expect(await verifyDigest(realm, bad, 'REGISTER', lookup)).toEqual({ result: 'failed', username: '1001' });
    const unknown = authorize({
      challenge: challengeHeader,
      username: '9',
      password: 'x',
      method: 'REGISTER',
      uri: 'u',
    });
    expect((await verifyDigest(realm, unknown, 'REGISTER', lookup)).result).toBe('failed');
  });

  it('challenges without credentials, with a foreign realm or a forged nonce; old nonces are stale', async () => {
    expect(await verifyDigest(realm, undefined, 'REGISTER', lookup)).toEqual({ result: 'challenge', stale: false });
    const foreign = authorize({
      challenge: 'Digest realm="other", nonce="n"',
      username: '1001',
      password: 'Secret1a',
      method: 'REGISTER',
      uri: 'u',
    });
    expect((await verifyDigest(realm, foreign, 'REGISTER', lookup)).result).toBe('challenge');
    expect(checkNonce(realm, 'abc.def')).toBe('invalid');
    expect(checkNonce(createRealm('sip.example.com'), makeNonce(realm))).toBe('invalid');
    expect(checkNonce(realm, makeNonce(realm, Date.now() - NONCE_TTL_MS - 1000))).toBe('stale');
    const staleHeader = authorize({
      challenge: `Digest realm="sip.example.com", nonce="${makeNonce(realm, Date.now() - NONCE_TTL_MS - 1000)}"`,
      username: '1001',
      password: 'Secret1a',
      method: 'REGISTER',
      uri: 'u',
    });
    expect(await verifyDigest(realm, staleHeader, 'REGISTER', lookup)).toEqual({ result: 'challenge', stale: true });
  });
});
