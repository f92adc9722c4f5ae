import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  addDeviceCommands,
  DEVICE_TEXTNAME,
  type Dynsec,
  type DynsecCommand,
  removeDeviceCommands,
  SERVER_ROLE,
  serverRoleCommand,
  setPasswordCommand,
} from '../../mqtt/dynsec';
import { isSerial } from '../../mqtt/topics';
import { mosquittoDeviceLogins } from './mosquitto-logins';

/** How often the devices table is compared with what Mosquitto was last given. */
const POLL_MS = 2_000;

export interface MosquittoSync {
  /** One comparison now (tests; the poll does the same). Answers the commands that failed. */
  syncNow(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Keeps Mosquitto's dynamic-security clients equal to the devices that may connect (the same
 * ones the embedded broker lets in: broker-access.ts): a device added, its password changed,
 * or removed (or no longer mqtt) is there within a poll, from whichever node wrote it. The first
 * pass reads Mosquitto's list (clients Gatehouse made, by their text name) and sets every
 * password once; later passes send only differences. A failed pass is tried again whole.
 */
export function followMosquittoLogins(deps: {
  db: Kysely<Database>;
  dynsec: Dynsec;
  serverUsername: string | null;
  log: FastifyBaseLogger;
  pollMs?: number;
}): MosquittoSync {
  const { db, dynsec, log } = deps;
  /** What Mosquitto holds of ours (serial → password), or null when it must be read again. */
  let given: Map<string, string> | null = null;
  let running: Promise<string[]> | null = null;
  let stopped = false;

  async function readGiven(): Promise<Map<string, string>> {
    const [listed] = await dynsec.run([{ command: 'listClients', verbose: true, count: -1, offset: 0 }]);
    if (listed?.error) throw new Error(`listClients: ${listed.error}`);
    const clients = (listed?.data?.clients ?? []) as { username: string; textname?: string }[];
    // Password unknown (Mosquitto keeps only a hash): '' differs from any real one, so it is set once.
    return new Map(clients.filter((c) => c.textname === DEVICE_TEXTNAME).map((c) => [c.username, '']));
  }

  async function pass(): Promise<string[]> {
    if (given === null) {
      if (deps.serverUsername) await giveServerRole(dynsec, deps.serverUsername);
      given = await readGiven();
    }
    const wanted = new Map(
      (await mosquittoDeviceLogins(db)).filter((l) => isSerial(l.username)).map((l) => [l.username, l.password]),
    );
    const commands: { serial: string; password: string | null; list: DynsecCommand[] }[] = [];
    for (const [serial, password] of wanted) {
      const had = given.get(serial);
      if (had === undefined) commands.push({ serial, password, list: addDeviceCommands(serial, password) });
      else if (had !== password) commands.push({ serial, password, list: [setPasswordCommand(serial, password)] });
    }
    for (const serial of given.keys()) {
      if (!wanted.has(serial)) commands.push({ serial, password: null, list: removeDeviceCommands(serial) });
    }
    if (commands.length === 0) return [];
    const responses = await dynsec.run(commands.flatMap((c) => c.list));
    const failed: string[] = [];
    let at = 0;
    for (const change of commands) {
      const answers = responses.slice(at, at + change.list.length);
      at += change.list.length;
      const errors = answers.filter((a) => a.error && !harmless(a));
      if (errors.length > 0) {
        failed.push(`${change.serial}: ${errors.map((e) => `${e.command} ${e.error}`).join(', ')}`);
        continue;
      }
      if (change.password === null) given.delete(change.serial);
      else given.set(change.serial, change.password);
    }
    return failed;
  }

  function syncNow(): Promise<string[]> {
    running ??= pass()
      .catch((error: unknown) => {
        given = null; // read Mosquitto's list again next time
        throw error;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const tick = () => {
    if (stopped) return;
    syncNow()
      .then((failed) => {
        if (failed.length > 0) log.warn({ failed: failed.slice(0, 20) }, 'mosquitto logins not all taken');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'mosquitto logins not synchronised'));
  };
  const timer = setInterval(tick, deps.pollMs ?? POLL_MS);
  timer.unref();
  tick();

  return {
    syncNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}

/**
 * Errors that mean Mosquitto already holds what the command wanted: a device role left by an
 * earlier try, a client already gone. A client that exists but is not ours ("already exists" on
 * createClient: another login of that name) is a failure: it is not Gatehouse's to take over.
 */
function harmless(a: { command: string; error?: string }): boolean {
  const error = a.error ?? '';
  if (a.command === 'createRole' || a.command === 'addClientRole') return /already/i.test(error);
  if (a.command === 'deleteClient' || a.command === 'deleteRole') return /not found/i.test(error);
  return false;
}

/**
 * The server's credential gets the protocol's role once. Mosquitto disconnects a client whose
 * roles change so that it logs in again under them: this very connection (and the link) are
 * cut, no answer comes, and both reconnect within a second.
 */
async function giveServerRole(dynsec: Dynsec, username: string): Promise<void> {
  await dynsec.run([serverRoleCommand]); // "already exists" after the first time
  const [found] = await dynsec.run([{ command: 'getClient', username }]);
  const roles = ((found?.data?.client as { roles?: { rolename: string }[] } | undefined)?.roles ?? []).map(
    (r) => r.rolename,
  );
  if (roles.includes(SERVER_ROLE)) return;
  await dynsec.run([{ command: 'addClientRole', username, rolename: SERVER_ROLE, priority: 0 }], 3_000).catch(() => {});
}
