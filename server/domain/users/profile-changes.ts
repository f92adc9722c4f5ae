import type { Kysely } from 'kysely';
import { PROFILE_CHANGED, userTopic } from '../../../src/contract/realtime';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';

/**
 * Tells the consoles of these users that their profile changed on the server
 * (a virtual number given, taken or edited; their role or groups changed), so
 * they reload it and the softphone re-registers with what it now holds.
 */
export function publishProfileChanged(realtime: Realtime, projectId: number, userIds: Iterable<number | null>): void {
  for (const id of new Set(userIds)) {
    if (id !== null) realtime.publish(userTopic(id), { type: PROFILE_CHANGED }, { projectId });
  }
}

/** The users holding these virtual numbers. */
export async function holdersOfNumbers(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sip_numbers').select('user_id').where('id', 'in', ids).execute();
  return rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
}
