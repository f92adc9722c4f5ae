import type { Kysely } from 'kysely';
import type { DeviceTaskEntity, SyncList } from '../../../../src/contract/entities/device-task';
import type { Database } from '../../../db/schema';
import { doorIdentifiers, doorSchedules } from '../../access/door-list';

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
