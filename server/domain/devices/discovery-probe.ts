import { request } from 'node:http';
import * as v from 'valibot';
import { rangeInside } from '../../../src/contract/device-search';

/**
 * The server's side of discovery (docs/device-protocol.md, Discovery): `GET /gh/discovery` at an
 * address, read as a device's self-description or nothing. Every probe checks the address
 * against the allowed blocks itself (DEVICE_SEARCH_ALLOW), whoever called it.
 */

export const DISCOVERY_PATH = '/gh/discovery';
const MAX_ANSWER_BYTES = 16_384;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** What a device says of itself; anything else is not a device. */
export const DiscoveryAnswerSchema = v.object({
  serial_number: v.pipe(v.string(), v.regex(/^[\w.:-]{1,64}$/)),
  type: text(32),
  model: text(64),
  firmware: text(64),
  mac: text(32),
  protocol: text(16),
  ip: text(64),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65_535)),
});
export type DiscoveryAnswer = v.InferOutput<typeof DiscoveryAnswerSchema>;

/** Asks one address; null when nothing answers as a device in time. */
export type Prober = (address: string, port: number, timeoutMs: number) => Promise<DiscoveryAnswer | null>;

export class AddressNotAllowedError extends Error {
  constructor(readonly address: string) {
    super(`refused: ${address} is outside DEVICE_SEARCH_ALLOW`);
    this.name = 'AddressNotAllowedError';
  }
}

/** A prober that refuses (throws, before any packet) any address outside `allow`. */
export function discoveryProber(allow: readonly string[]): Prober {
  return (address, port, timeoutMs) => {
    if (!rangeInside(address, address, allow)) return Promise.reject(new AddressNotAllowedError(address));
    return new Promise((resolveOnce) => {
      // The whole probe, not only the socket's idle time, ends by its timeout: one stalled address
      // (accepting and never answering, or an answer that never ends) must not hold the search.
      const deadline = setTimeout(() => {
        req.destroy();
        resolveOnce(null);
      }, timeoutMs);
      const resolve = (answer: DiscoveryAnswer | null) => {
        clearTimeout(deadline);
        resolveOnce(answer);
      };
      const req = request({ host: address, port, path: DISCOVERY_PATH, method: 'GET', timeout: timeoutMs }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return resolve(null);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy();
            resolve(null);
          } else chunks.push(chunk);
        });
        res.on('end', () => {
          try {
            const parsed = v.safeParse(DiscoveryAnswerSchema, JSON.parse(Buffer.concat(chunks).toString('utf8')));
            resolve(parsed.success ? parsed.output : null);
          } catch {
            resolve(null);
          }
        });
        res.on('error', () => resolve(null));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(null));
      req.end();
    });
  };
}
