import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEVICES_TOPIC, type DeviceStatusChangedEvent } from '../../../src/contract/realtime';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { DeviceLink } from '../../mqtt/link';
import type { Realtime } from '../../realtime/realtime';
import { nowIso } from '../clock';
import { mailProjectAdmin } from '../project/admin-mail';
import { adminNotices, projectPublicUrl } from '../project/settings';
import { notifyOffline } from './offline-notify';
import { chunksOf } from './tasks/payloads';

/** Changes are gathered this long and written together: a wave of connections is a few statements. */
export const PRESENCE_WINDOW_MS = 100;

type Status = DeviceStatusChangedEvent['status'];

/** Presence as followDevicePresence runs it: `stop` writes what is still gathered. */
export interface DevicePresence {
  stop(): Promise<void>;
}

/**
 * Follows devices coming online and going offline on the link: each change (not each heartbeat)
 * is recorded in the device's `info` (status, last_seen) and announced to its project's consoles
 * as DeviceStatusChanged on DEVICES_TOPIC, so lists refresh live; going offline notifies the
 * group's subscribers and, when the project's settings ask, mails its administrator address.
 * Changes are gathered for PRESENCE_WINDOW_MS and written with one UPDATE
 * per status and 500 devices (10,000 devices connecting were 10,000 reads and 10,000 writes):
 * a device that left and came back within the window changed nothing, and says nothing.
 * A serial with no device row (deleted meanwhile) is ignored.
 */
export function followDevicePresence(deps: {
  db: Kysely<Database>;
  link: Pick<DeviceLink, 'onStatus'>;
  realtime: Realtime;
  /** The administrator's mail about offline devices (project settings); none in some tests. */
  mailer?: Mailer;
  config?: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
}): DevicePresence {
  /** The status last written (or being written) per serial. */
  const recorded = new Map<string, boolean>();
  /** The latest status of each serial that changed within the window. */
  let gathered = new Map<string, boolean>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    timer = null;
    const changes = gathered;
    gathered = new Map();
    writing = writing
      .then(() => record(deps, changes, recorded))
      .catch((error: unknown) =>
        deps.log.warn({ err: error, devices: changes.size }, 'device status changes not recorded'),
      );
  };

  const stopStatus = deps.link.onStatus((serial, status) => {
    const last = gathered.get(serial) ?? recorded.get(serial);
    if (last === status.online) return;
    gathered.set(serial, status.online);
    timer ??= setTimeout(flush, PRESENCE_WINDOW_MS);
  });

  return {
    async stop() {
      stopStatus();
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      await writing;
    },
  };
}

/** Writes the changes that are changes (a flap within the window is none), announces them. */
async function record(
  deps: { db: Kysely<Database>; realtime: Realtime; mailer?: Mailer; config?: Pick<Config, 'publicUrl'> },
  changes: Map<string, boolean>,
  recorded: Map<string, boolean>,
): Promise<void> {
  const { db, realtime } = deps;
  const at = nowIso();
  const by: Record<Status, string[]> = { online: [], offline: [] };
  for (const [serial, online] of changes) {
    if (recorded.get(serial) === online) continue;
    recorded.set(serial, online);
    by[online ? 'online' : 'offline'].push(serial);
  }
  for (const status of ['online', 'offline'] as const) {
    // `info` is presence's own column: what it holds is this status and the time of its change.
    const info = JSON.stringify({ status, last_seen: at });
    const wentOffline: OfflineDevice[] = [];
    for (const serials of chunksOf(by[status])) {
      const devices = await db
        .updateTable('devices')
        .set({ info })
        .where('serial_number', 'in', serials)
        .returning(['id', 'project_id', 'name', 'domain_id', 'serial_number'])
        .execute();
      for (const device of devices) {
        const event: DeviceStatusChangedEvent = {
          type: 'DeviceStatusChanged',
          device_id: Number(device.id),
          status,
          at,
        };
        realtime.publish(DEVICES_TOPIC, event, { projectId: Number(device.project_id) });
        if (status === 'offline') wentOffline.push(device);
      }
    }
    if (wentOffline.length > 0) {
      await notifyOffline(
        { db, realtime },
        wentOffline.map((d) => Number(d.id)),
      );
      await mailOffline(deps, wentOffline, at);
    }
  }
}

interface OfflineDevice {
  id: number;
  project_id: number;
  name: string;
  domain_id: number | null;
  serial_number: string | null;
}

/**
 * One mail per device gone offline to its project's administrator address, for the projects
 * whose settings ask for it (read once per project and wave); group names read together.
 */
async function mailOffline(
  deps: { db: Kysely<Database>; mailer?: Mailer; config?: Pick<Config, 'publicUrl'> },
  devices: OfflineDevice[],
  at: string,
): Promise<void> {
  const { db, mailer, config } = deps;
  if (!mailer || !config) return;
  const byProject = new Map<number, OfflineDevice[]>();
  for (const d of devices) byProject.set(Number(d.project_id), [...(byProject.get(Number(d.project_id)) ?? []), d]);
  for (const [projectId, list] of byProject) {
    const { email, flags } = await adminNotices(db, projectId);
    if (!email || !flags.notify_about_offline_device) continue;
    const domainIds = [...new Set(list.map((d) => d.domain_id).filter((id): id is number => id !== null))];
    const names = new Map(
      domainIds.length
        ? (await db.selectFrom('domains').select(['id', 'name']).where('id', 'in', domainIds).execute()).map((g) => [
            Number(g.id),
            g.name,
          ])
        : [],
    );
    const base = await projectPublicUrl(db, config, projectId);
    for (const d of list) {
      await mailProjectAdmin(deps, {
        type: 'device_offline',
        projectId,
        groupIds: d.domain_id ? [d.domain_id] : [],
        values: {
          device: d.name,
          serial_number: d.serial_number ?? '',
          group: d.domain_id ? (names.get(Number(d.domain_id)) ?? '') : '',
          time: at.slice(0, 19).replace('T', ' '),
          link: `${base}/devices/${d.id}/edit`,
        },
      });
    }
  }
}
