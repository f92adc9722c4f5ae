import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MosquittoLogin } from '../../mqtt/mosquitto-files';

/**
 * The logins an external Mosquitto needs (server/mqtt/mosquitto-files.ts): the same devices the
 * embedded broker lets in (broker-access.ts): `mqtt` devices with a serial and an MQTT password.
 */
export async function mosquittoDeviceLogins(db: Kysely<Database>): Promise<MosquittoLogin[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['serial_number', 'mqtt_password'])
    .where('protocol', '=', 'mqtt')
    .where('serial_number', 'is not', null)
    .where('mqtt_password', 'is not', null)
    .orderBy('serial_number')
    .execute();
  return rows.flatMap((row) =>
    row.serial_number && row.mqtt_password ? [{ username: row.serial_number, password: row.mqtt_password }] : [],
  );
}
