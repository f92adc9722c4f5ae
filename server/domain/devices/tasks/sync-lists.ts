import type { Kysely } from 'kysely';
import type { DeviceTaskEntity, SyncList } from '../../../../src/contract/entities/device-task';
import type { Database } from '../../../db/schema';

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
 * The identifiers and schedules a device should hold. Access management (identifiers, schedules,
 * access rules) does not exist yet: every list is empty, and a sync makes the device hold none.
 * The access issue fills this function (and only this one): the items of the access rules that
 * name the device, as the device decides access from them (id, number, type, relays, schedule ids).
 */
export async function listForDevice(_db: Kysely<Database>, _deviceId: number, _list: SyncList): Promise<DeviceList> {
  return { items: [], entities: [] };
}
