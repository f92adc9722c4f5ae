import { generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';

/**
 * The TLS certificate of the SIP WebSocket (WSS) listener: the configured
 * files (SIP_TLS_CERT, SIP_TLS_KEY), or a self-signed one generated once into
 * DATA_DIR/sip-tls. Node has no certificate builder, and pulling in a whole
 * ASN.1 library for one certificate is not worth it: the few DER structures of
 * an X.509 v3 certificate are written here by hand (P-256 key, ECDSA-SHA256).
 */

export interface TlsMaterial {
  cert: string;
  key: string;
  /** True when generated here (the README tells how to trust it). */
  selfSigned: boolean;
  /** Where the files are, for messages. */
  certPath: string;
}

/** Days a generated certificate is valid (browsers refuse longer ones for trusted leaves). */
export const SELF_SIGNED_DAYS = 825;

export function loadTls(options: {
  certFile: string | null;
  keyFile: string | null;
  dataDir: string;
  hosts: string[];
}): TlsMaterial {
  if (options.certFile && options.keyFile) {
    return {
      cert: readFileSync(options.certFile, 'utf8'),
      key: readFileSync(options.keyFile, 'utf8'),
      selfSigned: false,
      certPath: options.certFile,
    };
  }
  const dir = join(options.dataDir, 'sip-tls');
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, 'utf8');
    const x509 = new X509Certificate(cert);
    // Regenerate when it is about to expire or no longer names the hosts clients use.
    const coversHosts = options.hosts.every((h) => (isIP(h) ? x509.checkIP(h) : x509.checkHost(h)) !== undefined);
    if (new Date(x509.validTo).getTime() > Date.now() + 86_400_000 && coversHosts) {
      return { cert, key: readFileSync(keyPath, 'utf8'), selfSigned: true, certPath };
    }
  }
  const generated = generateSelfSigned(options.hosts);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(keyPath, generated.key, { mode: 0o600 });
  writeFileSync(certPath, generated.cert, { mode: 0o644 });
  return { ...generated, selfSigned: true, certPath };
}

/**
 * A self-signed certificate for the given host names and IP addresses (the first is the common
 * name); `purpose` `client` makes it a TLS client certificate (the video platform simulator's
 * mutual TLS) rather than a server's.
 */
export function generateSelfSigned(
  hosts: string[],
  days = SELF_SIGNED_DAYS,
  purpose: 'server' | 'client' = 'server',
): { cert: string; key: string } {
  const names = [...new Set(hosts.filter(Boolean))];
  if (names.length === 0) names.push('localhost');
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = Date.now();
  const name = seq(set(seq(oid('2.5.4.3'), utf8(`Gatehouse SIP ${names[0]}`))));
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const san = seq(
    ...names.map((h) => (isIP(h) ? tlv(0x87, ipBytes(h)) : tlv(0x82, Buffer.from(h.replace(/^\[|\]$/g, ''), 'ascii')))),
  );
  const extensions = seq(
    seq(oid('2.5.29.19'), octets(seq())),
    // keyUsage digitalSignature: one named bit, so seven unused bits (DER drops trailing zero bits).
    seq(oid('2.5.29.15'), bool(true), octets(tlv(0x03, Buffer.from([7, 0x80])))),
    seq(oid('2.5.29.37'), octets(seq(oid(purpose === 'client' ? '1.3.6.1.5.5.7.3.2' : '1.3.6.1.5.5.7.3.1')))),
    seq(oid('2.5.29.17'), octets(san)),
  );
  const serial = randomBytes(16);
  // Positive and without a leading zero byte: DER refuses both a negative serial and padding.
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaSha256,
    name,
    seq(time(new Date(now - 3_600_000)), time(new Date(now + days * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ecdsaSha256, bitString(signature));
  return {
    cert: pem('CERTIFICATE', der),
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

// --- DER, just what a certificate needs ---

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  let length: Buffer;
  if (n < 0x80) length = Buffer.from([n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
    length = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const octets = (content: Buffer) => tlv(0x04, content);
const bitString = (content: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), content]));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const bool = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));
function integer(bytes: Buffer): Buffer {
  // A leading zero keeps a positive number positive when its top bit is set.
  return tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // UTCTime until 2049, GeneralizedTime after (RFC 5280 4.1.2.5).
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${iso}Z`, 'ascii'));
}
function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split('.').map(Number));
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return Buffer.from(groups.flatMap((g) => [(Number.parseInt(g, 16) >> 8) & 0xff, Number.parseInt(g, 16) & 0xff]));
}
function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
