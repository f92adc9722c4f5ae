import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DeviceAuthenticator } from '../../mqtt/access';

/**
 * Who may connect to the embedded broker as a device: its login is its serial number (unique on
 * the server), its password the settings' MQTT password, stored in clear because this comparison
 * needs it (docs/decisions.md, Devices). Only `mqtt` devices connect (8.2 "protocol not mqtt,
 * cannot connect"); a device without a password cannot.
 */
export function deviceAuthenticator(db: Kysely<Database>): DeviceAuthenticator {
  return async (username, password) => {
    if (username === '' || password === '') return null;
    const row = await db
      .selectFrom('devices')
      .select(['serial_number', 'mqtt_password'])
      .where('serial_number', '=', username)
      .where('protocol', '=', 'mqtt')
      .executeTakeFirst();
    if (!row?.serial_number || !row.mqtt_password) return null;
    return sameSecret(password, row.mqtt_password) ? { serial: row.serial_number } : null;
  };
}

/** Constant-time comparison; lengths differing is all it tells. */
function sameSecret(sent: string, stored: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
