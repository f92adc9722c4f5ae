import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DEVICE_EVENTS_TOPIC,
  type DeviceEventsAddedEvent,
  ELEVATOR_EVENTS_TOPIC,
  type ElevatorEventsAddedEvent,
} from '../../../src/contract/realtime';
import type { Database } from '../../db/schema';
import type { DeviceLink, Unsubscribe } from '../../mqtt/link';
import type { DeviceEvent } from '../../mqtt/protocol';
import type { Realtime } from '../../realtime/realtime';
import { announceAccessEvents } from '../access/events/announce';
import { followCountedPasses, type PassesCtx } from '../access/events/passes';
import {
  type CountedPasses,
  DECISION_EVENT_TYPES,
  type RecordedAccess,
  recordAccessEvents,
  type StoredEvent,
} from '../access/events/record';
import { nowIso } from '../clock';
import { announceAlarmChanges } from './alarm-notify';
import { type AlarmChange, alarmEventOf, applyAlarmEvent } from './alarms';
import { chunksOf } from './tasks/payloads';

/**
 * Event ingestion (docs/device-protocol.md "Events"): every batch a device publishes is stored
 * once per `(device, event id)` (insert … on conflict do nothing), so a replayed backlog neither
 * loses nor duplicates; the link acks a batch only after its handler resolved, i.e. after the
 * commit. Batches arriving together (many devices at once) are written in one transaction
 * (group commit): what costs is the commit, not the rows. Alarm events of newly stored rows
 * change `device_alarms` in the same transaction, and access decisions become the ACS log's rows
 * (domain/access/events) and count the passes of restricted identifiers; consoles and subscribers
 * hear afterwards, and identifiers at their pass limit are synced to their doors.
 */
export interface EventIngestion {
  /** The link's events handler: resolves once the batch is committed (or known stored). */
  handle(serial: string, events: DeviceEvent[]): Promise<void>;
  /** Waits for what is queued. */
  drain(): Promise<void>;
}

interface KnownDevice {
  id: number;
  projectId: number;
  /** When the serial was looked up (a device deleted or renumbered is looked up again). */
  at: number;
}

interface EventInsert {
  project_id: number;
  device_id: number;
  event_id: string;
  type: string;
  occurred_at: string;
  received_at: string;
  data: string;
}

interface Job {
  serial: string;
  events: DeviceEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Rows per insert statement: 7 parameters each stays far below either dialect's limit. */
const INSERT_CHUNK = 500;
/** Events per transaction: a flush takes whole batches up to about this many. */
const FLUSH_EVENTS = 5000;
const DEVICE_TTL_MS = 10_000;

/** Stored events per device, grouped by project. */
function byProject(added: Map<number, { projectId: number; count: number }>) {
  const out = new Map<number, { id: number; count: number }[]>();
  for (const [id, { projectId, count }] of added) {
    const devices = out.get(projectId) ?? [];
    devices.push({ id, count });
    out.set(projectId, devices);
  }
  return out;
}

export interface IngestionDeps {
  db: Kysely<Database>;
  realtime: Realtime;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Hears the granted decisions once committed (video platform macros); must not wait on anything. */
  onGranted?: (passages: { projectId: number; deviceId: number }[]) => void;
  /**
   * What counted passes need after the commit (door syncs, guest key states); without it (a bare
   * ingestion in a test or bench) passes are counted and nothing more.
   */
  access?: Omit<PassesCtx, 'db' | 'realtime'>;
}

export function createEventIngestion(deps: IngestionDeps): EventIngestion {
  const devices = new Map<string, KnownDevice | null>();
  const queue: Job[] = [];
  let running: Promise<void> | null = null;

  async function devicesOf(serials: string[]): Promise<void> {
    const now = Date.now();
    const missing = serials.filter((s) => {
      const known = devices.get(s);
      return known === undefined || (known?.at ?? 0) + DEVICE_TTL_MS < now;
    });
    if (missing.length === 0) return;
    const rows = await deps.db
      .selectFrom('devices')
      .select(['id', 'project_id', 'serial_number'])
      .where('serial_number', 'in', missing)
      .execute();
    for (const serial of missing) devices.set(serial, null);
    for (const r of rows)
      if (r.serial_number) devices.set(r.serial_number, { id: Number(r.id), projectId: Number(r.project_id), at: now });
  }

  async function flush(jobs: Job[]): Promise<void> {
    await devicesOf([...new Set(jobs.map((j) => j.serial))]);
    const receivedAt = nowIso();
    const seen = new Set<string>();
    const rows: EventInsert[] = [];
    for (const job of jobs) {
      const device = devices.get(job.serial);
      // A serial with no device row (deleted meanwhile) cannot be stored: acked and dropped.
      if (!device) continue;
      for (const event of job.events) {
        const key = `${device.id}/${event.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const at = Date.parse(event.at);
        rows.push({
          project_id: device.projectId,
          device_id: device.id,
          event_id: event.id,
          type: event.type.slice(0, 64),
          occurred_at: Number.isNaN(at) ? receivedAt : new Date(at).toISOString(),
          received_at: receivedAt,
          data: JSON.stringify(event.data ?? {}),
        });
      }
    }
    if (rows.length === 0) return;
    /** Events stored, per device. */
    const added = new Map<number, { projectId: number; count: number }>();
    const changes: AlarmChange[] = [];
    const accesses: RecordedAccess[] = [];
    const passes: CountedPasses[] = [];
    await deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const stored = await trx
          .insertInto('device_events')
          .values(chunk)
          .onConflict((oc) => oc.columns(['device_id', 'event_id']).doNothing())
          .returning(['id', 'device_id', 'event_id'])
          .execute();
        if (stored.length === 0) continue;
        const fresh = new Map(stored.map((s) => [`${s.device_id}/${s.event_id}`, Number(s.id)]));
        const freshEvents: StoredEvent[] = [];
        for (const row of chunk) {
          const id = fresh.get(`${row.device_id}/${row.event_id}`);
          if (id === undefined) continue;
          if (DECISION_EVENT_TYPES.has(row.type))
            freshEvents.push({ ...row, id, data: JSON.parse(row.data) as Record<string, unknown> });
          const device = added.get(row.device_id) ?? { projectId: row.project_id, count: 0 };
          device.count++;
          added.set(row.device_id, device);
          if (row.type !== 'alarm.raised' && row.type !== 'alarm.cleared') continue;
          const alarm = alarmEventOf(
            { type: row.type, data: JSON.parse(row.data) as Record<string, unknown>, occurred_at: row.occurred_at },
            { id: row.device_id, projectId: row.project_id },
          );
          const change = alarm && (await applyAlarmEvent(trx, alarm));
          if (change) changes.push(change);
        }
        const batch = await recordAccessEvents(trx, freshEvents);
        accesses.push(...batch.recorded);
        passes.push(...batch.passes);
      }
    });
    for (const [projectId, devices] of byProject(added)) {
      const event: DeviceEventsAddedEvent = {
        type: 'DeviceEventsAdded',
        count: devices.reduce((n, d) => n + d.count, 0),
        device_ids: devices.map((d) => d.id),
      };
      deps.realtime.publish(DEVICE_EVENTS_TOPIC, event, { projectId });
    }
    await announceElevatorEvents(deps, added).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'elevator events not announced'),
    );
    const granted = accesses.filter((a) => a.granted);
    if (granted.length > 0 && deps.onGranted)
      deps.onGranted(granted.map((a) => ({ projectId: a.projectId, deviceId: a.deviceId })));
    if (accesses.length > 0)
      void announceAccessEvents(deps, accesses).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'access event notifications not sent'),
      );
    if (passes.length > 0 && deps.access)
      void followCountedPasses({ ...deps.access, db: deps.db, realtime: deps.realtime }, passes).catch(
        (error: unknown) => deps.log.warn({ err: error }, 'counted passes not followed'),
      );
    if (changes.length > 0)
      void announceAlarmChanges(deps, changes).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'alarm notifications not sent'),
      );
  }

  /**
   * The events of elevator controllers are elevator events too (their list is read without any
   * device permission): their elevators' projects hear ElevatorEventsAdded.
   */
  async function announceElevatorEvents(
    { db, realtime }: { db: Kysely<Database>; realtime: Realtime },
    added: Map<number, { projectId: number; count: number }>,
  ): Promise<void> {
    const links: { elevator_id: number; device_id: number }[] = [];
    for (const ids of chunksOf([...added.keys()])) {
      links.push(
        ...(await db
          .selectFrom('elevator_devices')
          .select(['elevator_id', 'device_id'])
          .where('device_id', 'in', ids)
          .execute()),
      );
    }
    const projects = new Map<number, { count: number; elevators: Set<number> }>();
    for (const link of links) {
      const device = added.get(Number(link.device_id));
      if (!device) continue;
      const project = projects.get(device.projectId) ?? { count: 0, elevators: new Set<number>() };
      project.count += device.count;
      project.elevators.add(Number(link.elevator_id));
      projects.set(device.projectId, project);
    }
    for (const [projectId, { count, elevators }] of projects) {
      const event: ElevatorEventsAddedEvent = { type: 'ElevatorEventsAdded', count, elevator_ids: [...elevators] };
      realtime.publish(ELEVATOR_EVENTS_TOPIC, event, { projectId });
    }
  }

  function take(): Job[] {
    const jobs: Job[] = [];
    let count = 0;
    while (queue.length > 0 && (jobs.length === 0 || count + (queue[0]?.events.length ?? 0) <= FLUSH_EVENTS)) {
      const job = queue.shift() as Job;
      jobs.push(job);
      count += job.events.length;
    }
    return jobs;
  }

  function pump(): Promise<void> {
    running ??= (async () => {
      // Let batches that arrived in the same turn join this transaction.
      await new Promise((resolve) => setImmediate(resolve));
      while (queue.length > 0) {
        const jobs = take();
        try {
          await flush(jobs);
          for (const job of jobs) job.resolve();
        } catch (error) {
          // Not stored: no ack, the devices send them again. Look the serials up afresh.
          for (const job of jobs) devices.delete(job.serial);
          for (const job of jobs) job.reject(error);
        }
      }
      running = null;
    })();
    return running;
  }

  return {
    handle(serial, events) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ serial, events, resolve, reject });
        void pump();
      });
    },
    async drain() {
      while (running) await running;
    },
  };
}

/** Wires ingestion to the app's device link; the returned function stops it. */
export function followDeviceEvents(deps: IngestionDeps & { link: Pick<DeviceLink, 'onEvents'> }): {
  ingestion: EventIngestion;
  stop: Unsubscribe;
} {
  const ingestion = createEventIngestion(deps);
  const stop = deps.link.onEvents((serial, events) => ingestion.handle(serial, events));
  return { ingestion, stop };
}
