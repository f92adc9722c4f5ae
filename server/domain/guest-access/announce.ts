import type { Kysely } from 'kysely';
import { GUEST_KEYS_TOPIC, type GuestKeyChangedEvent } from '../../../src/contract/realtime';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import type { Clock } from '../clock';
import { type scopedGuestKeys, selectGuestKeys, toGuestKeys } from './keys';

/**
 * Tells the granters' consoles that keys were used (their passes or status changed):
 * GuestKeyChanged on private-guest-keys, one per key, with the key's state now. Said by the guest
 * page's open and by door events that counted a key's pass (domain/access/events/passes.ts).
 */
export async function announceGuestKeys(
  deps: { db: Kysely<Database>; realtime: Realtime; clock: Clock },
  projectId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await selectGuestKeys(
    deps.db
      .selectFrom('identifiers as i')
      .where('i.project_id', '=', projectId)
      .where('i.owner_type', '=', 'guest')
      .where('i.id', 'in', [...ids]) as ReturnType<typeof scopedGuestKeys>,
  ).execute();
  for (const item of await toGuestKeys(deps.db, rows, deps.clock.now())) {
    const event: GuestKeyChangedEvent = {
      type: 'GuestKeyChanged',
      id: item.id,
      status: item.status,
      passes_restrict: item.passes_restrict,
    };
    deps.realtime.publish(GUEST_KEYS_TOPIC, event, { projectId });
  }
}
