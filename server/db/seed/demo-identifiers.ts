import type { Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * The demo's identifiers (issue 12 demo): a card for each named demo user, entry codes for the
 * resident and the staff member, and the resident's car plate — fixed values, stored in their
 * type's form (normaliseIdentifierValue), one multi-row insert. The card numbers are 10 digits,
 * as 125 kHz fobs print them.
 */
export const DEMO_IDENTIFIERS = [
  { login: 'resident', type: 'card', value: '3735928559', name: 'Resident card' },
  { login: 'resident', type: 'code', value: '482913', name: 'Resident code' },
  { login: 'resident', type: 'plate', value: 'GH204K', name: 'Resident car' },
  { login: 'staff', type: 'card', value: '3405691582', name: 'Staff card' },
  { login: 'staff', type: 'code', value: '170355', name: 'Staff code' },
  { login: 'concierge', type: 'card', value: '2882400018', name: 'Concierge card' },
  { login: 'concierge2', type: 'card', value: '2882400019', name: 'Concierge 2 card' },
] as const;

export async function seedDemoIdentifiers(
  trx: Transaction<Database>,
  seed: { projectId: number; adminId: number; users: Record<string, number>; now: string },
): Promise<void> {
  const rows = DEMO_IDENTIFIERS.filter((d) => seed.users[d.login] !== undefined).map((d) => ({
    project_id: seed.projectId,
    name: d.name,
    type: d.type,
    value: d.value,
    owner_type: 'owner',
    owner_id: seed.users[d.login] as number,
    created_by_user_id: seed.adminId,
    created_at: seed.now,
    updated_at: seed.now,
  }));
  if (rows.length > 0) await trx.insertInto('identifiers').values(rows).execute();
}
