import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { MediaOptions } from '../media/types';
import { type DoorPanel, startDoorPanel } from './door-panel';

/**
 * Demo mode's door panel (GATEHOUSE_SIMULATOR=1): brings the first active SIP number that
 * belongs to a device to life, keeps it registered (reconnecting after a SIP restart), logs
 * door openings and, every GATEHOUSE_SIMULATOR_CALL_INTERVAL seconds, calls the project's
 * awaiting-call number so concierges have visitors to answer.
 */

/** What main hands the demo simulator. */
export interface DemoSimulatorOptions {
  db: Kysely<Database>;
  /** The embedded SIP server, `wss://host:port`, and its domain. */
  url: string;
  realm: string;
  media: MediaOptions;
  /** Seconds between the panel's calls; 0: it only answers. */
  callInterval: number;
  log: (line: string) => void;
}

/** The running demo simulator. */
export interface DemoSimulator {
  /** The panel's number, or null when the database has none. */
  readonly number: string | null;
  /** The number the panel calls, or null. */
  readonly target: string | null;
  stop(): Promise<void>;
}

/** A panel call lasts at most this long in demo mode, answered or not. */
const DEMO_CALL_MS = 90_000;
/** Pause before registering again after the SIP server went away (restart, reinit). */
const RECONNECT_MS = 5_000;

interface PanelNumber {
  number: string;
  password: string;
  name: string | null;
  projectId: number;
  domainId: number | null;
}

/** The first active number that belongs to a device: the panel the simulator plays. */
export async function findPanelNumber(db: Kysely<Database>): Promise<PanelNumber | null> {
  const row = await db
    .selectFrom('sip_numbers as n')
    .innerJoin('devices as d', 'd.id', 'n.device_id')
    .select(['n.number', 'n.password', 'd.name', 'n.project_id', 'd.domain_id'])
    .where('n.is_active', '=', 1)
    .orderBy('n.id')
    .executeTakeFirst();
  return row
    ? { number: row.number, password: row.password, name: row.name, projectId: row.project_id, domainId: row.domain_id }
    : null;
}

/**
 * Whom the panel calls: an awaiting-call number of its project, the master number of the
 * panel's own group first, then a concierge number, then any master number.
 */
export async function findCallTarget(db: Kysely<Database>, panel: PanelNumber): Promise<string | null> {
  const row = await db
    .selectFrom('sip_numbers')
    .select('number')
    .where('project_id', '=', panel.projectId)
    .where('is_active', '=', 1)
    .where('purpose', 'in', ['master_sip_number', 'concierge'])
    .orderBy(
      sql`case when purpose = 'master_sip_number' and domain_id = ${panel.domainId ?? -1} then 0
               when purpose = 'concierge' then 1 else 2 end`,
    )
    .orderBy('id')
    .executeTakeFirst();
  return row?.number ?? null;
}

/** Starts the demo panel (idle, with a log line, when no number belongs to a device). */
export async function startDemoSimulator(options: DemoSimulatorOptions): Promise<DemoSimulator> {
  const { log } = options;
  const found = await findPanelNumber(options.db);
  if (!found) {
    log('Door-panel simulator: no SIP number belongs to a device; nothing to simulate.');
    return { number: null, target: null, stop: async () => {} };
  }
  const target = await findCallTarget(options.db, found);
  let panel: DoorPanel | null = null;
  let stopped = false;
  let reconnect: NodeJS.Timeout | null = null;
  let calls: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    reconnect = null;
    if (stopped) return;
    try {
      const started = await startDoorPanel({
        url: options.url,
        number: found.number,
        password: found.password,
        realm: options.realm,
        displayName: found.name ?? undefined,
        media: options.media,
        log,
      });
      if (stopped) return void (await started.stop());
      panel = started;
      void started.disconnected.then(() => {
        panel = null;
        if (!stopped) reconnect = setTimeout(() => void connect(), RECONNECT_MS);
      });
    } catch (error) {
      log(`Door-panel simulator: ${error instanceof Error ? error.message : String(error)}; retrying in 5 s`);
      if (!stopped) reconnect = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  await connect();

  if (options.callInterval > 0 && target) {
    calls = setInterval(() => {
      // One visitor at a time: the next call waits until the previous one is over.
      if (!panel || panel.calls.length > 0) return;
      void panel.call(target, { maxDurationMs: DEMO_CALL_MS }).catch((error: unknown) => {
        log(`Door-panel simulator: call failed (${error instanceof Error ? error.message : String(error)})`);
      });
    }, options.callInterval * 1000);
  }
  log(
    `Door-panel simulator: panel ${found.number}` +
      (target && options.callInterval > 0 ? ` calls ${target} every ${options.callInterval} s` : ' answers calls') +
      '; # opens its door.',
  );

  return {
    number: found.number,
    target,
    async stop() {
      stopped = true;
      if (reconnect) clearTimeout(reconnect);
      if (calls) clearInterval(calls);
      const running = panel as DoorPanel | null;
      panel = null;
      await running?.stop();
    },
  };
}
