import type { Kysely } from 'kysely';
import { LIVE_RESERVATION_STATUSES } from '../../../../src/contract/entities/amenity-reservation';
import type { Database } from '../../../db/schema';

/**
 * Identifiers a rule reaches without naming them: the QR of a live amenity reservation (reserved,
 * in use, or between its slots) reaches the access rules of its amenity — only those, since the
 * QR is a guest-like key that inherits nothing from its holder (docs/decisions.md, Amenities).
 * The evaluator treats such a pair exactly like a rule naming the identifier (`via: identifier`),
 * so the explain call, door lists and the simulated doors agree. A cancelled or expired
 * reservation's QR leaves the door lists (and is revoked on the server).
 */
export function grantedPairs(db: Kysely<Database>) {
  return db
    .selectFrom('amenity_reservations as gr')
    .innerJoin('amenity_access_rules as gar', 'gar.amenity_id', 'gr.amenity_id')
    .where('gr.identifier_id', 'is not', null)
    .where('gr.status', 'in', [...LIVE_RESERVATION_STATUSES]);
}

/** (rule, identifier) pairs granted to the rules among `ruleIds`. */
export async function grantsOfRules(db: Kysely<Database>, ruleIds: readonly number[]) {
  if (ruleIds.length === 0) return [];
  const rows = await grantedPairs(db)
    .select(['gar.access_rule_id as rule', 'gr.identifier_id as other'])
    .where('gar.access_rule_id', 'in', [...ruleIds])
    .execute();
  return rows.map((r) => ({ rule: Number(r.rule), other: Number(r.other) }));
}

/** The rules granting one identifier. */
export async function rulesGranting(db: Kysely<Database>, identifierId: number): Promise<number[]> {
  const rows = await grantedPairs(db)
    .select('gar.access_rule_id')
    .where('gr.identifier_id', '=', identifierId)
    .execute();
  return rows.map((r) => Number(r.access_rule_id));
}
