import type { Kysely } from 'kysely';
import {
  DEVICE_SEARCH,
  type DeviceSearchBody,
  type FoundDeviceInfo,
  ipv4ToNumber,
  numberToIpv4,
  rangeErrors,
  rangeInside,
} from '../../../src/contract/device-search';
import { type DeviceSearchFinishedEvent, type DeviceSearchFoundEvent, userTopic } from '../../../src/contract/realtime';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import type { Auth } from '../auth/auth-context';
import { invalidData } from '../errors';
import type { DiscoveryAnswer, Prober } from './discovery-probe';

/**
 * Network search (7.4 POST search): probes every address of the range for a device, at most
 * DEVICE_SEARCH.concurrency at once, and streams what it finds to the caller's
 * `private-users.{id}` topic (DeviceSearchFound, then DeviceSearchFinished), each with the
 * caller's request_id. The call answers at once. A range outside DEVICE_SEARCH_ALLOW is refused
 * before anything is sent; a user's new search cancels their previous one.
 */

export interface DeviceSearchOptions {
  db: Kysely<Database>;
  realtime: Realtime;
  allow: readonly string[];
  port: number;
  probe: Prober;
  log: { warn(object: unknown, message: string): void };
}

interface Running {
  requestId: string;
  cancelled: boolean;
  done: Promise<void>;
}

export function createDeviceSearch(options: DeviceSearchOptions) {
  const running = new Map<number, Running>();

  /** How the project knows this serial: one of its devices, another project's, or not at all. */
  async function stateOf(auth: Auth, serial: string): Promise<Pick<FoundDeviceInfo, 'state' | 'device_id'>> {
    const row = await options.db
      .selectFrom('devices')
      .select(['id', 'project_id'])
      .where('serial_number', '=', serial)
      .executeTakeFirst();
    if (!row) return { state: 'new', device_id: null };
    return row.project_id === auth.projectId
      ? { state: 'added', device_id: row.id }
      : { state: 'taken', device_id: null };
  }

  async function run(auth: Auth, body: DeviceSearchBody, first: number, count: number, self: Running) {
    const scope = { projectId: auth.projectId };
    const topic = userTopic(auth.userId);
    const seen = new Set<string>();
    let next = 0;
    let found = 0;
    const worker = async () => {
      while (!self.cancelled && next < count) {
        const address = numberToIpv4(first + next++);
        let answer: DiscoveryAnswer | null = null;
        try {
          answer = await options.probe(address, options.port, DEVICE_SEARCH.probeTimeoutMs);
        } catch (error) {
          options.log.warn({ err: error, address }, 'device search: probe refused');
        }
        if (!answer || self.cancelled || seen.has(answer.serial_number)) continue;
        seen.add(answer.serial_number);
        found++;
        // The address asked, not the one the device claims: that is where it answered.
        const device: FoundDeviceInfo = { ...answer, ip: address, ...(await stateOf(auth, answer.serial_number)) };
        const event: DeviceSearchFoundEvent = { type: 'DeviceSearchFound', request_id: body.request_id, device };
        options.realtime.publish(topic, event, scope);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DEVICE_SEARCH.concurrency, count) }, worker));
    const finished: DeviceSearchFinishedEvent = {
      type: 'DeviceSearchFinished',
      request_id: body.request_id,
      addresses: count,
      found,
    };
    options.realtime.publish(topic, finished, scope);
  }

  return {
    /** Checks the range and starts the search; answers how many addresses it will ask. */
    start(auth: Auth, body: DeviceSearchBody): { request_id: string; addresses: number } {
      const errors = rangeErrors(body.start_ip, body.end_ip);
      if (Object.keys(errors).length > 0) throw invalidData(errors);
      if (!rangeInside(body.start_ip, body.end_ip, options.allow)) {
        throw invalidData({ start_ip: { code: 'ip_range_not_allowed' }, end_ip: { code: 'ip_range_not_allowed' } });
      }
      const first = ipv4ToNumber(body.start_ip) as number;
      const count = (ipv4ToNumber(body.end_ip) as number) - first + 1;
      const previous = running.get(auth.userId);
      if (previous) previous.cancelled = true;
      const self: Running = { requestId: body.request_id, cancelled: false, done: Promise.resolve() };
      self.done = run(auth, body, first, count, self)
        .catch((error: unknown) => options.log.warn({ err: error }, 'device search failed'))
        .finally(() => {
          if (running.get(auth.userId) === self) running.delete(auth.userId);
        });
      running.set(auth.userId, self);
      return { request_id: body.request_id, addresses: count };
    },
    /** Stops every search (the app closes) and waits for them to end. */
    async stop(): Promise<void> {
      for (const search of running.values()) search.cancelled = true;
      await Promise.all([...running.values()].map((search) => search.done));
    },
  };
}
export type DeviceSearch = ReturnType<typeof createDeviceSearch>;
