import type { Worker } from '../../src/contract/entities/system';
import { itemNotFound } from '../domain/errors';

/**
 * The server's background workers in one registry (7.8 /system/workers; docs/decisions.md,
 * "System and metrics"): the device task runner, the announce scheduler, the mail sender, the
 * planner statistics, the IP-blocking sweeper, audit retention, and whatever an area adds. Each
 * registers itself once with how to start it; the registry starts, stops and restarts it, and
 * keeps what it reports (rounds done, the last failure) and how much work waits for it.
 *
 * Stopping is clean: `stop` resolves once the worker's round in progress has ended, and nothing
 * runs until it is started again. A restart stops, then starts a new instance (new timers, new
 * state), which is what an operator asks for when a worker is stuck. State is per server node.
 */
export interface WorkerReport {
  /** A round of work ended (a pass, a tick, a sweep). */
  ran(): void;
  /** A round failed; the worker goes on (the registry keeps the last failure). */
  failed(error: unknown): void;
}

/** A started worker: how to stop it. */
export interface RunningWorker {
  stop(): Promise<void> | void;
}

export interface WorkerDefinition {
  /** Stable id in the console and the API: lower case, dashes (`device-tasks`). */
  name: string;
  start(report: WorkerReport): RunningWorker | Promise<RunningWorker>;
  /** Work waiting for it, when it has a queue. */
  queueLength?(): Promise<number>;
  /** Starts with the server (default true). */
  autoStart?: boolean;
}

interface Entry {
  definition: WorkerDefinition;
  running: RunningWorker | null;
  startedAt: string | null;
  stoppedAt: string | null;
  lastRunAt: string | null;
  runs: number;
  lastError: string | null;
  lastErrorAt: string | null;
  errors: number;
  /** Start and stop of one worker happen one after the other. */
  turn: Promise<unknown>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function createWorkerRegistry(now: () => Date = () => new Date()) {
  const entries = new Map<string, Entry>();
  let closed = false;

  const entryOf = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw itemNotFound();
    return entry;
  };

  const reportOf = (entry: Entry, instance: { current: boolean }): WorkerReport => ({
    ran() {
      if (!instance.current) return;
      entry.runs++;
      entry.lastRunAt = now().toISOString();
    },
    failed(error) {
      if (!instance.current) return;
      entry.errors++;
      entry.lastError = messageOf(error);
      entry.lastErrorAt = now().toISOString();
    },
  });

  /** Runs `work` after whatever start or stop of this worker is under way. */
  const inTurn = <T>(entry: Entry, work: () => Promise<T>): Promise<T> => {
    const next = entry.turn.then(work, work);
    entry.turn = next.catch(() => undefined);
    return next;
  };

  // Reports of an instance that was stopped no longer count (a late round of the old one).
  const instances = new WeakMap<Entry, { current: boolean }>();

  async function startEntry(entry: Entry): Promise<void> {
    if (entry.running || closed) return;
    const instance = { current: true };
    const previous = instances.get(entry);
    if (previous) previous.current = false;
    instances.set(entry, instance);
    try {
      entry.running = await entry.definition.start(reportOf(entry, instance));
      entry.startedAt = now().toISOString();
      entry.stoppedAt = null;
    } catch (error) {
      instance.current = false;
      entry.running = null;
      entry.errors++;
      entry.lastError = messageOf(error);
      entry.lastErrorAt = now().toISOString();
    }
  }

  async function stopEntry(entry: Entry): Promise<void> {
    const running = entry.running;
    if (!running) return;
    entry.running = null;
    const instance = instances.get(entry);
    try {
      await running.stop();
    } catch (error) {
      entry.errors++;
      entry.lastError = messageOf(error);
      entry.lastErrorAt = now().toISOString();
    } finally {
      if (instance) instance.current = false;
      entry.stoppedAt = now().toISOString();
    }
  }

  async function describe(entry: Entry): Promise<Worker> {
    const { definition } = entry;
    let queue: number | null = null;
    if (definition.queueLength) queue = await definition.queueLength().catch(() => null);
    return {
      name: definition.name,
      state: entry.running ? 'running' : 'stopped',
      started_at: entry.startedAt,
      stopped_at: entry.stoppedAt,
      last_run_at: entry.lastRunAt,
      runs: entry.runs,
      last_error: entry.lastError,
      last_error_at: entry.lastErrorAt,
      errors: entry.errors,
      queue_length: queue,
    };
  }

  return {
    /** Adds a worker (not started: `startAll` starts those that start with the server). */
    register(definition: WorkerDefinition): void {
      if (!/^[a-z][a-z0-9-]{0,63}$/.test(definition.name)) throw new Error(`worker name ${definition.name}`);
      if (entries.has(definition.name)) throw new Error(`worker ${definition.name} is registered twice`);
      entries.set(definition.name, {
        definition,
        running: null,
        startedAt: null,
        stoppedAt: null,
        lastRunAt: null,
        runs: 0,
        lastError: null,
        lastErrorAt: null,
        errors: 0,
        turn: Promise.resolve(),
      });
    },
    async startAll(): Promise<void> {
      for (const entry of entries.values()) {
        if (entry.definition.autoStart !== false) await inTurn(entry, () => startEntry(entry));
      }
    },
    async list(): Promise<Worker[]> {
      return Promise.all([...entries.values()].map(describe));
    },
    async get(name: string): Promise<Worker> {
      return describe(entryOf(name));
    },
    isRunning: (name: string) => entries.get(name)?.running != null,
    async start(name: string): Promise<Worker> {
      const entry = entryOf(name);
      await inTurn(entry, () => startEntry(entry));
      return describe(entry);
    },
    async stop(name: string): Promise<Worker> {
      const entry = entryOf(name);
      await inTurn(entry, () => stopEntry(entry));
      return describe(entry);
    },
    async restart(name: string): Promise<Worker> {
      const entry = entryOf(name);
      await inTurn(entry, async () => {
        await stopEntry(entry);
        await startEntry(entry);
      });
      return describe(entry);
    },
    /** Stops every worker, last registered first (the app closing); none starts again. */
    async stopAll(): Promise<void> {
      closed = true;
      for (const entry of [...entries.values()].reverse()) await inTurn(entry, () => stopEntry(entry));
    },
  };
}

export type WorkerRegistry = ReturnType<typeof createWorkerRegistry>;
