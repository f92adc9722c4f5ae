import { isIPv4 } from 'node:net';

/**
 * The simulator's discovery answers and probes stay on loopback: nothing started from these
 * machines may bind or probe an address outside 127.0.0.0/8 (issue 11). Checked in code, at
 * every bind and every probe, not left to whoever passes the address.
 */

/** A four-part decimal IPv4 address inside 127.0.0.0/8. */
export function isLoopbackV4(address: string): boolean {
  if (!isIPv4(address)) return false;
  const parts = address.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((part) => /^\d{1,3}$/.test(part));
}

export class NotLoopbackError extends Error {
  constructor(readonly address: string) {
    super(`refused: ${address} is outside 127.0.0.0/8`);
    this.name = 'NotLoopbackError';
  }
}

export function assertLoopback(address: string): void {
  if (!isLoopbackV4(address)) throw new NotLoopbackError(address);
}

/** The n-th loopback address from 127.0.1.0 on (127.0.0.x stays for the server and tools). */
export function loopbackAddress(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 65_536 * 254) throw new RangeError(`no loopback address number ${n}`);
  const host = n + 256;
  return `127.${(host >> 16) & 255}.${(host >> 8) & 255}.${host & 255}`;
}
