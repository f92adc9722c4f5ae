import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEVICES_TOPIC, type DeviceStatusChangedEvent } from '../../../src/contract/realtime';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { DeviceLink, Unsubscribe } from '../../mqtt/link';
import type { Realtime } from '../../realtime/realtime';
import { nowIso } from '../clock';
import { mailProjectAdmin } from '../project/admin-mail';
import { projectPublicUrl } from '../project/settings';
import { notifyOffline } from './offline-notify';

/**
 * Follows devices coming online and going offline on the link: each change (not each heartbeat)
 * is recorded in the device's `info` (status, last_seen) and announced to its project's consoles
 * as DeviceStatusChanged on DEVICES_TOPIC, so lists refresh live. A serial with no device row
 * (deleted meanwhile) is ignored.
 */
export function followDevicePresence(deps: {
  db: Kysely<Database>;
  link: Pick<DeviceLink, 'onStatus'>;
  realtime: Realtime;
  /** The administrator's mail about offline devices (project settings); none in some tests. */
  mailer?: Mailer;
  config?: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
}): Unsubscribe {
  const known = new Map<string, boolean>();
  return deps.link.onStatus((serial, status) => {
    if (known.get(serial) === status.online) return;
    known.set(serial, status.online);
    void announce(deps, serial, status.online ? 'online' : 'offline').catch((error: unknown) =>
      deps.log.warn({ err: error, serial }, 'device status change not recorded'),
    );
  });
}

async function announce(
  {
    db,
    realtime,
    mailer,
    config,
  }: { db: Kysely<Database>; realtime: Realtime; mailer?: Mailer; config?: Pick<Config, 'publicUrl'> },
  serial: string,
  status: DeviceStatusChangedEvent['status'],
): Promise<void> {
  const at = nowIso();
  const device = await db
    .selectFrom('devices')
    .select(['id', 'project_id', 'info', 'name', 'domain_id'])
    .where('serial_number', '=', serial)
    .executeTakeFirst();
  if (!device) return;
  const info = { ...parseInfo(device.info), status, last_seen: at };
  await db
    .updateTable('devices')
    .set({ info: JSON.stringify(info) })
    .where('id', '=', device.id)
    .execute();
  const event: DeviceStatusChangedEvent = { type: 'DeviceStatusChanged', device_id: Number(device.id), status, at };
  realtime.publish(DEVICES_TOPIC, event, { projectId: Number(device.project_id) });
  if (status === 'offline') {
    await notifyOffline({ db, realtime }, Number(device.id));
    const projectId = Number(device.project_id);
    const group = device.domain_id
      ? await db.selectFrom('domains').select('name').where('id', '=', device.domain_id).executeTakeFirst()
      : undefined;
    await mailProjectAdmin(
      { db, mailer, config },
      {
        type: 'device_offline',
        projectId,
        groupIds: device.domain_id ? [device.domain_id] : [],
        values: {
          device: device.name,
          serial_number: serial,
          group: group?.name ?? '',
          time: at.slice(0, 19).replace('T', ' '),
          link: config ? `${await projectPublicUrl(db, config, projectId)}/devices/${device.id}/edit` : '',
        },
      },
    );
  }
}

function parseInfo(text: string | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
