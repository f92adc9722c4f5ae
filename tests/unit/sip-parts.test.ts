import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSelfSigned, loadTls } from '../../server/sip/certificate';
import { outcomeOfStatus } from '../../server/sip/history';
import { createBindings, MAX_BINDINGS_PER_NUMBER } from '../../server/sip/registrar';
import { answerDirection, directionOf } from '../../server/sip/sdp-direction';

describe('call outcomes', () => {
  it.each([
    [200, 'answered'],
    [486, 'busy'],
    [600, 'busy'],
    [603, 'busy'],
    [480, 'noanswer'],
    [408, 'noanswer'],
    [487, 'cancel'],
    [404, 'failed'],
    [500, 'failed'],
    [488, 'failed'],
  ])('%i is %s', (status, outcome) => {
    expect(outcomeOfStatus(status)).toBe(outcome);
  });
});

describe('registrations in memory', () => {
  it('keeps several per number, refreshes the same contact, drops by connection and by expiry', () => {
    const bindings = createBindings();
    const soon = Date.now() + 60_000;
    bindings.put({ number: '1', contact: 'sip:a@x.invalid', connectionId: 'c1', expiresAt: soon });
    bindings.put({ number: '1', contact: 'sip:b@y.invalid', connectionId: 'c2', expiresAt: soon });
    bindings.put({ number: '1', contact: 'sip:a@x.invalid', connectionId: 'c1', expiresAt: soon + 1000 });
    expect(bindings.lookup('1').map((b) => b.connectionId)).toEqual(['c1', 'c2']);
    expect(bindings.stats()).toEqual({ numbers: 1, registrations: 2 });
    bindings.dropConnection('c1');
    expect(bindings.lookup('1').map((b) => b.connectionId)).toEqual(['c2']);
    bindings.put({ number: '2', contact: 'sip:z@z.invalid', connectionId: 'c3', expiresAt: Date.now() - 1 });
    expect(bindings.lookup('2')).toEqual([]);
    bindings.remove('1', 'c2', null);
    expect(bindings.stats()).toEqual({ numbers: 0, registrations: 0 });
  });

  it('lets the oldest registration go when a number has too many', () => {
    const bindings = createBindings();
    for (let i = 0; i <= MAX_BINDINGS_PER_NUMBER; i++) {
      bindings.put({
        number: '1',
        contact: `sip:${i}@x.invalid`,
        connectionId: `c${i}`,
        expiresAt: Date.now() + 60_000,
      });
    }
    const left = bindings.lookup('1');
    expect(left).toHaveLength(MAX_BINDINGS_PER_NUMBER);
    expect(left.some((b) => b.connectionId === 'c0')).toBe(false);
  });
});

describe('SIP certificate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-tls-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a self-signed certificate that names the hosts and matches its key', () => {
    const { cert, key } = generateSelfSigned(['sip.example.com', '127.0.0.1', '::1']);
    const x509 = new X509Certificate(cert);
    expect(x509.checkHost('sip.example.com')).toBe('sip.example.com');
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkIP('::1')).toBeTruthy();
    expect(x509.checkHost('other.example.com')).toBeUndefined();
    expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(new Date(x509.validTo).getTime()).toBeGreaterThan(Date.now() + 800 * 86_400_000);
  });

  it('every generated certificate is strict DER that TLS accepts (positive serial, no padding)', () => {
    for (let i = 0; i < 200; i++) {
      const { cert, key } = generateSelfSigned(['127.0.0.1']);
      // OpenSSL's TLS context parses strictly: a padded or negative serial fails here.
      expect(() => createSecureContext({ cert, key })).not.toThrow();
      const serial = new X509Certificate(cert).serialNumber;
      expect(serial).toHaveLength(32);
      expect(Number.parseInt(serial.slice(0, 2), 16)).toBeGreaterThanOrEqual(0x40);
    }
  });

  it('keeps the generated pair across starts, and makes a new one when the host changes', () => {
    const first = loadTls({ certFile: null, keyFile: null, dataDir: dir, hosts: ['a.example.com'] });
    const again = loadTls({ certFile: null, keyFile: null, dataDir: dir, hosts: ['a.example.com'] });
    expect(again.cert).toBe(first.cert);
    expect(first.selfSigned).toBe(true);
    expect(first.certPath).toBe(join(dir, 'sip-tls', 'cert.pem'));
    const moved = loadTls({ certFile: null, keyFile: null, dataDir: dir, hosts: ['b.example.com'] });
    expect(moved.cert).not.toBe(first.cert);
    expect(new X509Certificate(moved.cert).checkHost('b.example.com')).toBe('b.example.com');
  });

  it('uses the configured files as they are', () => {
    const configured = loadTls({
      certFile: join(dir, 'sip-tls', 'cert.pem'),
      keyFile: join(dir, 'sip-tls', 'key.pem'),
      dataDir: '/nonexistent',
      hosts: ['ignored.example.com'],
    });
    expect(configured.selfSigned).toBe(false);
    expect(configured.cert).toContain('BEGIN CERTIFICATE');
  });
});

describe('re-INVITE directions', () => {
  const ours =
    'v=0\r\ns=-\r\na=sendrecv\r\nm=audio 9 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\na=sendrecv\r\nm=video 9 RTP/AVP 96\r\n';
  const offer = (direction: string) => `v=0\r\ns=-\r\nm=audio 9 RTP/AVP 0\r\na=${direction}\r\n`;

  it.each([
    ['sendonly', 'recvonly'],
    ['recvonly', 'sendonly'],
    ['inactive', 'inactive'],
    ['sendrecv', 'sendrecv'],
  ])('answers %s with %s in every media section', (asked, answered) => {
    const answer = answerDirection(ours, offer(asked));
    expect(directionOf(answer)).toBe(answered);
    const sections = answer.split('\r\nm=').slice(1);
    expect(sections).toHaveLength(2);
    for (const section of sections) expect(section).toContain(`a=${answered}`);
    // The session-level attribute is gone; the rest is kept.
    expect(answer.split('\r\nm=')[0]).not.toContain('a=sendrecv');
    expect(answer).toContain('a=rtpmap:0 PCMU/8000');
  });

  it('reads sendrecv when no direction is written', () => {
    expect(directionOf('v=0\r\nm=audio 9 RTP/AVP 0\r\n')).toBe('sendrecv');
  });
});
