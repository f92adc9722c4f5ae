import type { Kysely } from 'kysely';
import type { DeviceTaskEntity, SyncList } from '../../../../src/contract/entities/device-task';
import type { Database } from '../../../db/schema';
import { doorIdentifiers, doorInputs, doorLists, doorSchedules } from '../../access/door-list';

/** An item of a list a device holds: an object with a string `id` (docs/device-protocol.md, sync). */
export interface SyncItem {
  id: string;
  [field: string]: unknown;
}

/** What a device should hold of a list, and the entities it names (for the task's entities). */
export interface DeviceList {
  items: SyncItem[];
  entities: DeviceTaskEntity[];
}

/**
 * The identifiers and schedules a device should hold, compiled by access management
 * (server/domain/access/door-list.ts): identifiers keyed `type:value` with the rules that reach
 * them at this device (locks, schedule ids); schedules with their definition and the project's
 * calendar. Read when the sync task is sent, so the latest rules go out.
 */
export async function listForDevice(db: Kysely<Database>, deviceId: number, list: SyncList): Promise<DeviceList> {
  if (list === 'identifiers') {
    const items = await doorIdentifiers(db, deviceId);
    return { items: items as unknown as SyncItem[], entities: [] };
  }
  const items = await doorSchedules(db, deviceId);
  return {
    items: items as unknown as SyncItem[],
    entities: items.map((s) => ({ type: 'schedule', id: Number(s.id), name: s.name })),
  };
}

/** What sync tasks read at one moment: each device's list, the ones of the same inputs shared. */
export interface SyncListReader {
  list(deviceId: number, list: SyncList): Promise<readonly SyncItem[]>;
  /** Distinct lists compiled (tests). */
  readonly compiled: { identifiers: number; schedules: number };
}

/**
 * The lists of many devices read together (the bodies of one claim): what makes each device's
 * lists (its project and the rules and locks naming it) in one statement per 500 devices, then
 * each distinct list compiled once (access/door-list.ts `doorLists`): 500 doors of one rule are
 * one compile, one array, one cut into parts, not 500. Made for one claim and dropped, so a list
 * is never older than the claim that sends it.
 */
export async function syncListReader(db: Kysely<Database>, deviceIds: readonly number[]): Promise<SyncListReader> {
  const inputs = await doorInputs(db, deviceIds);
  const lists = doorLists(db);
  return {
    compiled: lists.compiled,
    async list(deviceId, list) {
      const of = inputs.get(deviceId);
      if (!of) return [];
      const items = list === 'identifiers' ? await lists.identifiers(of) : await lists.schedules(of);
      return items as unknown as readonly SyncItem[];
    },
  };
}
