import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DeviceAuthenticator } from '../../mqtt/access';
import { chunksOf } from './tasks/payloads';

type Stored = { serial_number: string | null; mqtt_password: string | null };
type Waiter = { resolve(row: Stored | null): void; reject(error: unknown): void };

/**
 * Who may connect to the embedded broker as a device: its login is its serial number (unique on
 * the server), its password the settings' MQTT password, stored in clear because this comparison
 * needs it (docs/decisions.md, Devices). Only `mqtt` devices connect (8.2 "protocol not mqtt,
 * cannot connect"); a device without a password cannot.
 *
 * The logins of one moment (a wave of devices connecting, all of them after a broker restart)
 * are looked up together, one query per 500, after the current turn of the event loop; each
 * answer is read after the connection asked, so a password changed or a device deleted on any
 * node counts at the next connection, with nothing cached to invalidate.
 */
export function deviceAuthenticator(db: Kysely<Database>): DeviceAuthenticator {
  let asked: Map<string, Waiter[]> | null = null;

  async function lookUp(batch: Map<string, Waiter[]>): Promise<void> {
    const found = new Map<string, Stored>();
    try {
      for (const serials of chunksOf([...batch.keys()])) {
        const rows = await db
          .selectFrom('devices')
          .select(['serial_number', 'mqtt_password'])
          .where('serial_number', 'in', serials)
          .where('protocol', '=', 'mqtt')
          .execute();
        for (const r of rows) if (r.serial_number) found.set(r.serial_number, r);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      return;
    }
    for (const [serial, waiters] of batch) for (const w of waiters) w.resolve(found.get(serial) ?? null);
  }

  const stored = (serial: string) =>
    new Promise<Stored | null>((resolve, reject) => {
      if (!asked) {
        const batch = new Map<string, Waiter[]>();
        asked = batch;
        setImmediate(() => {
          asked = null;
          void lookUp(batch);
        });
      }
      const waiters = asked.get(serial) ?? [];
      waiters.push({ resolve, reject });
      asked.set(serial, waiters);
    });

  return async (username, password) => {
    if (username === '' || password === '') return null;
    const row = await stored(username);
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
