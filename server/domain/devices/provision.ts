import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Kysely } from 'kysely';
import { rangeInside } from '../../../src/contract/device-search';
import { type BrokerSettingsSentEvent, userTopic } from '../../../src/contract/realtime';
import type { Database } from '../../db/schema';
import { embeddedDialUrl } from '../../mqtt/dial-url';
import type { DeviceLink } from '../../mqtt/link';
import type { Realtime } from '../../realtime/realtime';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';

/**
 * A found device, once added (put-found), is told where and how to connect (docs/device-protocol.md,
 * Discovery, "Broker settings"): the server gives it an MQTT password, stores it (the broker's
 * authenticator reads it, broker-access.ts) and POSTs `{ url, login, password }` to
 * `http://{ip}:{port}/gh/broker`, only at addresses DEVICE_SEARCH_ALLOW allows. The outcome goes
 * to the caller as BrokerSettingsSent (7.10 "broker settings sent"; 8.2 "broker settings sending
 * error" when it failed).
 */

export const BROKER_SETTINGS_PATH = '/gh/broker';
const SEND_TIMEOUT_MS = 3000;

function post(ip: string, port: number, body: unknown): Promise<boolean> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = request(
      {
        host: ip,
        port,
        path: BROKER_SETTINGS_PATH,
        method: 'POST',
        timeout: SEND_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end(data);
  });
}

export interface ProvisionOptions {
  db: Kysely<Database>;
  link: DeviceLink;
  realtime: Realtime;
  allow: readonly string[];
}

/** Sends broker settings to each added mqtt device with an allowed address; resolves when all have answered. */
export async function sendBrokerSettings(options: ProvisionOptions, auth: Auth, ids: number[]): Promise<void> {
  const url = embeddedDialUrl(options.link);
  if (!url || ids.length === 0) return;
  const rows = await options.db
    .selectFrom('devices')
    .select(['id', 'serial_number', 'ip_address', 'port'])
    .where('id', 'in', ids)
    .where('protocol', '=', 'mqtt')
    .execute();
  await Promise.all(
    rows.map(async (row) => {
      if (!row.serial_number || !row.ip_address || !rangeInside(row.ip_address, row.ip_address, options.allow)) return;
      const password = randomBytes(24).toString('base64url');
      await options.db
        .updateTable('devices')
        .set({ mqtt_password: password, updated_at: nowIso() })
        .where('id', '=', row.id)
        .execute();
      const ok = await post(row.ip_address, Number(row.port), { url, login: row.serial_number, password });
      const event: BrokerSettingsSentEvent = { type: 'BrokerSettingsSent', device_id: Number(row.id), ok };
      options.realtime.publish(userTopic(auth.userId), event, { projectId: auth.projectId });
    }),
  );
}
