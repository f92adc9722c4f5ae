import type { LightMyRequestResponse } from 'fastify';
import type { BrokerOptions } from '../../server/mqtt/broker';
import { createEmbeddedLink, type EmbeddedLink } from '../../server/mqtt/embedded-link';
import type { DeviceLink } from '../../server/mqtt/link';
import type { DeviceEvent } from '../../server/mqtt/protocol';
import type { FleetDevice } from '../../server/simulator/devices/fleet';
import type { TestApp } from './api-app';

/** Helpers of the device-link suites: credentials, an embedded link on a free port, an event store. */

/** The authenticator the platform would build from its devices table, over a fixed list. */
export function credentialsOf(devices: Pick<FleetDevice, 'serial' | 'password'>[]) {
  const passwords = new Map(devices.map((d) => [d.serial, d.password]));
  return async (username: string, password: string) =>
    passwords.get(username) === password ? { serial: username } : null;
}

/** An embedded link on free loopback ports (TCP and WebSocket). */
export async function startTestLink(
  devices: Pick<FleetDevice, 'serial' | 'password'>[],
  extra: Partial<BrokerOptions> = {},
): Promise<{ link: EmbeddedLink; url: string; wsUrl: string }> {
  const link = await createEmbeddedLink({ port: 0, websocketPort: 0, authenticate: credentialsOf(devices), ...extra });
  const tcp = link.broker().listeners.find((l) => l.protocol === 'mqtt' || l.protocol === 'mqtts');
  const ws = link.broker().listeners.find((l) => l.protocol === 'ws' || l.protocol === 'wss');
  return {
    link,
    url: `${tcp?.protocol}://127.0.0.1:${tcp?.port}`,
    wsUrl: `${ws?.protocol}://127.0.0.1:${ws?.port}/mqtt`,
  };
}

/**
 * What the platform's ingestion will do: store events idempotently by (device, id). Counts
 * deliveries too, so a test sees duplicates arrive and be stored once. `refuseNext` makes the
 * next batches fail (not stored, so not acked).
 */
export function eventStore(link: DeviceLink) {
  const stored = new Map<string, DeviceEvent & { serial: string }>();
  let deliveries = 0;
  let refusals = 0;
  link.onEvents((serial, events) => {
    deliveries += events.length;
    if (refusals > 0) {
      refusals--;
      throw new Error('database away');
    }
    for (const event of events) {
      const key = `${serial}/${event.id}`;
      if (!stored.has(key)) stored.set(key, { ...event, serial });
    }
  });
  return {
    get deliveries() {
      return deliveries;
    },
    refuseNext(batches: number) {
      refusals = batches;
    },
    all: () => [...stored.values()],
    of: (serial: string, type?: string) =>
      [...stored.values()].filter((e) => e.serial === serial && (!type || e.type === type)),
  };
}

/** The app's embedded broker as a device dials it (the suite built the app with `brokerPorts`). */
export async function brokerUrlOf(t: TestApp, token: string): Promise<string> {
  const status = await t.call('GET', '/broker/status', { token });
  if (status.statusCode !== 200) throw new Error(`broker status: ${status.statusCode} ${status.body}`);
  const tcp = status.json().data.listeners.find((l: { protocol: string }) => l.protocol === 'mqtt');
  return `mqtt://127.0.0.1:${tcp.port}`;
}

/**
 * Adds a device through the API (`PUT /devices`) named `Device {serial}`, with its MQTT password
 * (`{serial}-secret` unless given) and any further fields or settings; answers its id.
 */
export async function putDevice(
  t: TestApp,
  token: string,
  device: { serial: string; group: number; password?: string; settings?: Record<string, unknown> } & Record<
    string,
    unknown
  >,
): Promise<number> {
  const { serial, group, password, settings, ...fields } = device;
  const res = await t.call('PUT', '/devices', {
    token,
    body: {
      name: `Device ${serial}`,
      serial_number: serial,
      domain_id: group,
      ...fields,
      device_settings: { mqtt_password: password ?? `${serial}-secret`, ...settings },
    },
  });
  if (res.statusCode !== 200) throw new Error(`PUT /devices ${serial}: ${res.statusCode} ${res.body}`);
  return res.json().data as number;
}

/** The columns of a device events download (written from docs/decisions.md, Events and alarms). */
export const DEVICE_EVENT_COLUMNS = [
  'id',
  'occurred_at',
  'received_at',
  'device',
  'type',
  'identifier',
  'reason',
  'relay',
  'plate',
  'floor',
  'sensor',
  'event_id',
] as const;

/**
 * A download's first sheet (it must have answered 200 with a workbook): its header row and its
 * other rows (cell values from the first column).
 */
export async function downloadedSheet(res: LightMyRequestResponse): Promise<{ header: unknown[]; rows: unknown[][] }> {
  if (res.statusCode !== 200) throw new Error(`download: ${res.statusCode} ${res.body}`);
  if (!String(res.headers['content-type']).includes('spreadsheetml')) throw new Error('download: not a workbook');
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  return {
    header: values(1),
    rows: Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2)),
  };
}

export { eventually } from './eventually';
