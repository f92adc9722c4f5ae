import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isProjectSipEnabled } from '../domain/project/sip-settings';

/** Purposes whose calls the server answers itself and queues as awaiting calls. */
export const AWAITING_PURPOSES = ['master_sip_number', 'concierge'] as const;

/** An active virtual number as the SIP server needs it. */
export interface SipNumberInfo {
  id: number;
  number: string;
  name: string | null;
  password: string;
  projectId: number;
  userId: number | null;
  userName: string | null;
  deviceId: number | null;
  domainId: number | null;
  purpose: string | null;
  /** disabled | manual | picked (call forwarding). */
  forwardMode: string;
}

/**
 * Reads virtual numbers for the registrar and the proxy. Only active numbers
 * of projects whose SIP is on (project settings) exist for SIP: any other can
 * neither register nor be called.
 */
export function createDirectory(db: Kysely<Database>) {
  return {
    async find(number: string): Promise<SipNumberInfo | null> {
      const row = await db
        .selectFrom('sip_numbers')
        .leftJoin('users', (j) => j.onRef('users.id', '=', 'sip_numbers.user_id').on('users.deleted_at', 'is', null))
        .select([
          'sip_numbers.id',
          'sip_numbers.number',
          'sip_numbers.name',
          'sip_numbers.password',
          'sip_numbers.project_id',
          'sip_numbers.user_id',
          'users.name as user_name',
          'sip_numbers.device_id',
          'sip_numbers.domain_id',
          'sip_numbers.purpose',
          'sip_numbers.forward_mode',
        ])
        .where('sip_numbers.number', '=', number)
        .where('sip_numbers.is_active', '=', 1)
        .executeTakeFirst();
      if (!row || !(await isProjectSipEnabled(db, row.project_id))) return null;
      return {
        id: row.id,
        number: row.number,
        name: row.name,
        password: row.password,
        projectId: row.project_id,
        userId: row.user_id,
        userName: row.user_name ?? null,
        deviceId: row.device_id,
        domainId: row.domain_id,
        purpose: row.purpose,
        forwardMode: row.forward_mode,
      };
    },
  };
}

export type Directory = ReturnType<typeof createDirectory>;

/** True when calls to this number are answered by the server and queued (awaiting calls). */
export const isAwaitingNumber = (info: SipNumberInfo) =>
  (AWAITING_PURPOSES as readonly (string | null)[]).includes(info.purpose);
