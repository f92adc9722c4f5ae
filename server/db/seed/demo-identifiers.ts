import { randomBytes } from 'node:crypto';
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

/**
 * The demo's guest key (guest access): the administrator let a visitor of Unit 101 through the
 * residents' doors (the entrance and the main door) for 30 days from the seed, 20 passes, with a
 * message. Its value (the QR a reader scans) is fixed; its link token (`key_uid`) is random like
 * every seeded secret: /guest-access lists it with its link and QR. The project signs Wallet passes
 * with a self-signed certificate made on first use (`apple_wallet.self_signed`).
 */
export const DEMO_GUEST_KEY = {
  name: 'Visitor of Unit 101',
  value: 'GK-DEMO-VISITOR-101',
  rule: 'Residents — Building A',
  days: 30,
  passes: 20,
  message: 'Welcome to Riverside! Ring 101 at the entrance panel if a door does not open.',
} as const;
export const DEMO_APPLE_WALLET = {
  pass_type_identifier: 'pass.demo.gatehouse.riverside',
  team_identifier: 'GHDEMO0001',
  organization_name: 'Riverside Residence',
  self_signed: true,
} as const;

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

  const start = new Date(seed.now);
  const { id } = await trx
    .insertInto('identifiers')
    .values({
      project_id: seed.projectId,
      name: DEMO_GUEST_KEY.name,
      type: 'qr',
      value: DEMO_GUEST_KEY.value,
      owner_type: 'guest',
      guest_type: 'guest',
      period_active: 1,
      period_from: start.toISOString(),
      period_to: new Date(start.getTime() + DEMO_GUEST_KEY.days * 86_400_000).toISOString(),
      passes_active: 1,
      passes_max_count: DEMO_GUEST_KEY.passes,
      key_uid: randomBytes(16).toString('base64url'),
      key_message: DEMO_GUEST_KEY.message,
      created_by_user_id: seed.adminId,
      created_at: seed.now,
      updated_at: seed.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rule = await trx
    .selectFrom('access_rules')
    .select('id')
    .where('project_id', '=', seed.projectId)
    .where('name', '=', DEMO_GUEST_KEY.rule)
    .executeTakeFirstOrThrow();
  await trx.insertInto('access_rule_identifiers').values({ access_rule_id: rule.id, identifier_id: id }).execute();
  const project = await trx
    .selectFrom('projects')
    .select('settings')
    .where('id', '=', seed.projectId)
    .executeTakeFirstOrThrow();
  const settings = { ...(JSON.parse(project.settings || '{}') as object), apple_wallet: DEMO_APPLE_WALLET };
  await trx
    .updateTable('projects')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', seed.projectId)
    .execute();
}
