import type { Kysely } from 'kysely';
import type { MobileClient } from '../../../src/contract/entities/mobile-client';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';

/**
 * A user's mobile clients in the caller's project, newest login first. The
 * caller's right to see the user is checked before (the call's object scope).
 */
export async function mobileClientsOf(db: Kysely<Database>, auth: Auth, userId: number): Promise<MobileClient[]> {
  const rows = await db
    .selectFrom('mobile_clients as m')
    .leftJoin('sip_numbers as n', 'n.id', 'm.sip_number_id')
    .select(['m.id', 'm.platform', 'm.info', 'm.auth_at', 'm.vendor_id', 'n.number as sip_number', 'm.ukey2'])
    .where('m.user_id', '=', userId)
    .where('m.project_id', '=', auth.projectId)
    .orderBy('m.auth_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, sip_number: r.sip_number ?? null }));
}
