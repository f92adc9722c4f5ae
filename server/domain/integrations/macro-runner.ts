import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { INTEGRATION_LIMITS } from '../../../src/contract/constants';
import type { Database } from '../../db/schema';
import { executeMacro } from './axxon';
import { adapterSettings } from './integrations';

/**
 * Door events to video platform macros (docs/decisions.md "Integrations"): access granted at a
 * door whose device settings link it to an integration (`integration_axxon`: integration and
 * macro) runs that macro on the platform. Ingestion hands the granted decisions over after its
 * commit and never waits: they wait here in a bounded queue (the oldest dropped when full) and
 * run a few at a time, so a slow or absent platform costs ingestion nothing. A failed run is
 * logged, not retried: a macro marks a passage now, later it would mark the wrong moment.
 */

/** A granted passage at a door, as ingestion recorded it. */
export interface GrantedPassage {
  projectId: number;
  deviceId: number;
}

export interface MacroRunner {
  enqueue(passages: GrantedPassage[]): void;
  /** Resolves when everything queued has run (or failed). */
  drain(): Promise<void>;
  /** Drops what waits; runs in flight finish. */
  stop(): void;
}

interface Link {
  integrationId: number;
  macroGuid: string;
}

/** The door's link, when it names an integration and a macro. */
function linkOf(settingsJson: string): Link | null {
  try {
    const link = (JSON.parse(settingsJson) as { integration_axxon?: Record<string, unknown> }).integration_axxon;
    const integrationId = link?.integration_id;
    const macroGuid = link?.macro_guid;
    if (typeof integrationId !== 'number' || typeof macroGuid !== 'string' || macroGuid === '') return null;
    return { integrationId, macroGuid };
  } catch {
    return null;
  }
}

export function createMacroRunner(deps: { db: Kysely<Database>; log: Pick<FastifyBaseLogger, 'warn'> }): MacroRunner {
  const queue: GrantedPassage[] = [];
  let active = 0;
  let stopped = false;
  const idle: (() => void)[] = [];

  const settle = () => {
    if (active === 0 && queue.length === 0) for (const wake of idle.splice(0)) wake();
  };

  async function run(batch: GrantedPassage[]): Promise<void> {
    const ids = [...new Set(batch.map((p) => p.deviceId))];
    const rows = await deps.db
      .selectFrom('devices')
      .select(['id', 'project_id', 'settings'])
      .where('id', 'in', ids)
      .execute();
    const links = new Map(
      rows.map((r) => [Number(r.id), { projectId: Number(r.project_id), link: linkOf(r.settings) }]),
    );
    for (const passage of batch) {
      const door = links.get(passage.deviceId);
      if (!door?.link || door.projectId !== passage.projectId) continue;
      try {
        const settings = await adapterSettings(deps.db, door.projectId, door.link.integrationId);
        await executeMacro(settings, door.link.macroGuid);
      } catch (error) {
        deps.log.warn(
          { err: error, deviceId: passage.deviceId, integrationId: door.link.integrationId },
          'video platform macro not run',
        );
      }
    }
  }

  function pump() {
    while (!stopped && active < INTEGRATION_LIMITS.concurrency && queue.length > 0) {
      const batch = queue.splice(0, 50);
      active++;
      void run(batch)
        .catch((error: unknown) => deps.log.warn({ err: error }, 'video platform macros not run'))
        .finally(() => {
          active--;
          pump();
          settle();
        });
    }
    settle();
  }

  return {
    enqueue(passages) {
      if (stopped || passages.length === 0) return;
      queue.push(...passages);
      if (queue.length > INTEGRATION_LIMITS.queueMax) {
        const dropped = queue.splice(0, queue.length - INTEGRATION_LIMITS.queueMax).length;
        deps.log.warn({ dropped }, 'video platform macro queue full: oldest passages dropped');
      }
      pump();
    },
    drain() {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
    stop() {
      stopped = true;
      queue.length = 0;
      settle();
    },
  };
}
