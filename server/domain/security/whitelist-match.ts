import type { Kysely } from 'kysely';
import { entryCovers, normaliseAddressOrRange } from '../../../src/contract/ip-address';
import type { Database } from '../../db/schema';

/**
 * Whether an address (stored spelling) is whitelisted, exactly or by a range.
 * Read from the database on every check, so a change made on one node holds
 * on all of them at once; the list is short and only consulted when an
 * address is about to be refused or counted.
 */
export async function isWhitelisted(db: Kysely<Database>, address: string): Promise<boolean> {
  const exact = await db.selectFrom('ip_whitelist').select('id').where('ip', '=', address).executeTakeFirst();
  if (exact) return true;
  const ranges = await db.selectFrom('ip_whitelist').select('ip').where('ip', 'like', '%/%').execute();
  // Rows written before entries were normalised are read through the same spelling.
  return ranges.some((row) => entryCovers(normaliseAddressOrRange(row.ip) ?? row.ip, address));
}
