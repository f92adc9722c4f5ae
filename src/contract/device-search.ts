import * as v from 'valibot';
import type { FieldError } from './errors';

/**
 * Network search (7.4 "POST search with start_ip, end_ip, request_id"): the server probes each
 * address of an IPv4 range for a device and streams what it finds to the caller over realtime
 * (`DeviceSearchFound`, then `DeviceSearchFinished`, on `private-users.{id}`, realtime.ts).
 * Our limits (docs/decisions.md, Devices): a range is at most DEVICE_SEARCH.maxAddresses long.
 */
export const DEVICE_SEARCH = {
  /** Addresses one search may probe (a /22). */
  maxAddresses: 1024,
  /** Probes under way at once. */
  concurrency: 32,
  /** How long one address may take to answer. */
  probeTimeoutMs: 1500,
} as const;

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

/** A four-part decimal IPv4 address as a number, or null. */
export function ipv4ToNumber(text: string): number | null {
  if (!IPV4.test(text)) return null;
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

export function numberToIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** How many addresses the range holds (0 when it is not one). */
export function rangeSize(start: string, end: string): number {
  const a = ipv4ToNumber(start);
  const b = ipv4ToNumber(end);
  return a === null || b === null || b < a ? 0 : b - a + 1;
}

const ipv4 = v.pipe(v.string(), v.trim(), v.regex(IPV4, 'ip'));

/** The body of POST /devices/search; the range itself is checked by `rangeErrors` (server and form). */
export const DeviceSearchBodySchema = v.object({
  start_ip: ipv4,
  end_ip: ipv4,
  /** Chosen by the console; every realtime message of this search carries it. */
  request_id: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'invalid')),
});
export type DeviceSearchBody = v.InferOutput<typeof DeviceSearchBodySchema>;

/**
 * Field errors of a range (both addresses valid IPv4): the end before the start
 * (`ip_range_order`), more than DEVICE_SEARCH.maxAddresses addresses (`ip_range_size`, `{max}`).
 */
export function rangeErrors(start: string, end: string): Record<string, FieldError> {
  const a = ipv4ToNumber(start);
  const b = ipv4ToNumber(end);
  const errors: Record<string, FieldError> = {};
  if (a === null) errors.start_ip = { code: 'ip' };
  if (b === null) errors.end_ip = { code: 'ip' };
  if (a === null || b === null) return errors;
  if (b < a) errors.end_ip = { code: 'ip_range_order' };
  else if (b - a + 1 > DEVICE_SEARCH.maxAddresses)
    errors.end_ip = { code: 'ip_range_size', params: { max: DEVICE_SEARCH.maxAddresses } };
  return errors;
}

/** POST /devices/search answers at once: the search runs on, over `addresses` addresses. */
export const DeviceSearchStartedSchema = v.object({
  data: v.object({ request_id: v.string(), addresses: v.number() }),
});

/** One device found: what it told the probe, and whether it is known already. */
export const FoundDeviceInfoSchema = v.object({
  serial_number: v.string(),
  type: v.string(),
  model: v.string(),
  firmware: v.string(),
  mac: v.string(),
  protocol: v.string(),
  ip: v.string(),
  port: v.number(),
  /** `added`: a device of this project holds the serial (`device_id`); `taken`: another project's does. */
  state: v.picklist(['new', 'added', 'taken']),
  device_id: v.nullable(v.number()),
});
export type FoundDeviceInfo = v.InferOutput<typeof FoundDeviceInfoSchema>;

/** An IPv4 block `a.b.c.d/n` as its first and last address numbers, or null. */
export function parseIpv4Cidr(text: string): { first: number; last: number } | null {
  const [address, bitsText, extra] = text.trim().split('/');
  if (extra !== undefined || address === undefined || bitsText === undefined || !/^\d{1,2}$/.test(bitsText))
    return null;
  const base = ipv4ToNumber(address);
  const bits = Number(bitsText);
  if (base === null || bits > 32) return null;
  const size = 2 ** (32 - bits);
  const first = Math.floor(base / size) * size;
  return { first, last: first + size - 1 };
}

/** The whole range lies inside one of the blocks (CIDR texts). */
export function rangeInside(start: string, end: string, blocks: readonly string[]): boolean {
  const a = ipv4ToNumber(start);
  const b = ipv4ToNumber(end);
  if (a === null || b === null) return false;
  return blocks.some((block) => {
    const parsed = parseIpv4Cidr(block);
    return parsed !== null && a >= parsed.first && b <= parsed.last;
  });
}

/** The block (CIDR text) lies inside one of `blocks`. */
export function blockInside(block: string, blocks: readonly string[]): boolean {
  const parsed = parseIpv4Cidr(block);
  return parsed !== null && rangeInside(numberToIpv4(parsed.first), numberToIpv4(parsed.last), blocks);
}

/** Where a search may look unless DEVICE_SEARCH_ALLOW says otherwise: this machine only. */
export const DEFAULT_SEARCH_ALLOW = ['127.0.0.0/8'] as const;
