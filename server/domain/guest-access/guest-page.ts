import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { GUEST_ACCESS } from '../../../src/contract/constants';
import type {
  GuestAccessState,
  GuestDoor,
  GuestOpenAnswer,
  PublicGuestKeyStatus,
} from '../../../src/contract/entities/guest-key';
import { ERROR_CODES, type ErrorCode } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { type DeviceLink, DeviceLinkError } from '../../mqtt/link';
import { decide } from '../access/decide/decide';
import { loadForSubject } from '../access/decide/load';
import type { AccessReason } from '../access/decide/model';
import { modelFromRows } from '../access/decide/rows-model';
import { scheduleJudge } from '../access/decide/schedules';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import { projectFeatures } from '../project/features';
import { keyStatus } from './keys';
import type { GuestRateLimit } from './rate-limit';

/**
 * The public guest page's calls (7.5, 8.2), by a key's `key_uid`. Whoever holds the link is the
 * guest: they see the key's state, the doors its rules open (each behind a token made for this
 * key and door, never a device id or serial) and open one. Opening is decided by the one access
 * evaluator (`decide`) at the server's clock, counts a pass, and sends `relay.open` to the door
 * over the device link. Every public call of a key counts against its rate limit.
 */

export interface GuestPageDeps {
  db: Kysely<Database>;
  link: DeviceLink;
  clock: Clock;
  /** The server's JWT key: door tokens are keyed from it (never mistaken for anything else). */
  jwtKey: Uint8Array;
  limiter: GuestRateLimit;
  /** Tells the granter's console that a key was used (passes changed). */
  onUsed?: (key: { id: number; projectId: number }) => void;
  /** A pass was counted: the doors the key reaches need its new count. */
  onPassCounted?: (key: { id: number; projectId: number }) => Promise<void> | void;
}

const fail = (kind: 'not_found' | 'conflict', message: ErrorCode, params?: Record<string, string>) =>
  new DomainError(kind, { message, ...(params ? { params } : {}) });
/** 8.2 "invalid identifier": no such key, revoked, inactive, or guest access not licensed. */
const invalidKey = () => fail('not_found', ERROR_CODES.invalidIdentifier);

type KeyRow = Awaited<ReturnType<typeof findKey>>;

async function findKey(db: Kysely<Database>, keyUid: string) {
  return db
    .selectFrom('identifiers as i')
    .leftJoin('users as author', 'author.id', 'i.created_by_user_id')
    .selectAll('i')
    .select(['author.name as author_name'])
    .where('i.key_uid', '=', keyUid)
    .where('i.owner_type', '=', 'guest')
    .executeTakeFirst();
}

const passesOf = (row: NonNullable<KeyRow>) =>
  Number(row.passes_active) === 1 && row.passes_max_count !== null
    ? {
        max: Number(row.passes_max_count),
        used: Number(row.passes_count),
        left: Math.max(0, Number(row.passes_max_count) - Number(row.passes_count)),
      }
    : null;

const asCredentialRow = (row: NonNullable<KeyRow>) => ({ ...row, owner_deleted_at: null }) as never;

/** The refusal of a key that cannot open anything now, by its state. */
function stateRefusal(status: PublicGuestKeyStatus): DomainError | null {
  if (status === 'expired') return fail('conflict', ERROR_CODES.expired);
  if (status === 'pass_limit') return fail('conflict', ERROR_CODES.passLimitReached);
  if (status === 'not_yet_valid') return fail('conflict', ERROR_CODES.notYetValid);
  return null;
}

/** The door's reasons as the guest hears them (8.2 and two of ours, docs/decisions.md). */
function decisionRefusal(reason: AccessReason): DomainError {
  switch (reason) {
    case 'expired':
      return fail('conflict', ERROR_CODES.expired);
    case 'pass_limit':
      return fail('conflict', ERROR_CODES.passLimitReached);
    case 'not_yet_valid':
      return fail('conflict', ERROR_CODES.notYetValid);
    case 'schedule_closed':
    case 'prohibited':
    case 'no_rule':
      return fail('conflict', ERROR_CODES.accessDenied, { reason });
    default:
      return invalidKey();
  }
}

export function createGuestPage(deps: GuestPageDeps) {
  const tokenKey = createHmac('sha256', deps.jwtKey).update('guest-access door token').digest();
  const tokenOf = (keyId: number, deviceId: number, lock: number) =>
    createHmac('sha256', tokenKey).update(`${keyId}.${deviceId}.${lock}`).digest('base64url').slice(0, 22);

  /** The key of a link, counted against its rate limit; a revoked, inactive or unlicensed key is none. */
  async function usableKey(keyUid: string) {
    const row = await findKey(deps.db, keyUid);
    if (!row) throw invalidKey();
    deps.limiter.hit(Number(row.id), deps.clock.now());
    const features = await projectFeatures(deps.db, Number(row.project_id));
    const status = keyStatus(asCredentialRow(row), deps.clock.now());
    if (!features.guest_access || status === 'revoked' || status === 'inactive') throw invalidKey();
    return { row, status: status as PublicGuestKeyStatus };
  }

  /** The doors of the key's allowing rules: (device, lock) once each, by device name. */
  async function doorsOf(row: NonNullable<KeyRow>) {
    const rows = await deps.db
      .selectFrom('access_rule_identifiers as ari')
      .innerJoin('access_rules as r', 'r.id', 'ari.access_rule_id')
      .innerJoin('access_rule_devices as ard', 'ard.access_rule_id', 'r.id')
      .innerJoin('devices as d', 'd.id', 'ard.device_id')
      .select(['d.id', 'd.name', 'd.serial_number', 'd.protocol', 'ard.lock_number'])
      .distinct()
      .where('ari.identifier_id', '=', Number(row.id))
      .where('r.prohibition', '=', 0)
      .where('d.project_id', '=', Number(row.project_id))
      .orderBy('d.name')
      .orderBy('d.id')
      .orderBy('ard.lock_number')
      .execute();
    return rows.map((d) => ({
      device_id: Number(d.id),
      name: d.name,
      lock: Number(d.lock_number),
      serial: d.protocol === 'mqtt' ? d.serial_number : null,
      token: tokenOf(Number(row.id), Number(d.id), Number(d.lock_number)),
    }));
  }

  const online = (serial: string | null) => serial !== null && deps.link.isOnline(serial);

  return {
    /** GET /guest-access/{key_uid} */
    async state(keyUid: string): Promise<GuestAccessState> {
      const { row, status } = await usableKey(keyUid);
      const periodOn = Number(row.period_active) === 1;
      return {
        status,
        name: row.name,
        message: row.key_message,
        granted_by: row.author_name ?? null,
        valid_from: periodOn ? row.period_from : null,
        valid_to: periodOn ? row.period_to : null,
        passes: passesOf(row),
      };
    },

    /** GET /guest-access/{key_uid}/access-rules: refused once the key can open nothing any more. */
    async doors(keyUid: string): Promise<GuestDoor[]> {
      const { row, status } = await usableKey(keyUid);
      if (status === 'expired' || status === 'pass_limit') throw stateRefusal(status);
      return (await doorsOf(row)).map((d) => ({
        device_token: d.token,
        name: d.name,
        lock: d.lock,
        online: online(d.serial),
      }));
    },

    /** POST /guest-access/{key_uid}/open/{device_token} */
    async open(keyUid: string, deviceToken: string): Promise<GuestOpenAnswer> {
      const { row, status } = await usableKey(keyUid);
      const refusal = stateRefusal(status);
      if (refusal) throw refusal;
      const asked = Buffer.from(deviceToken);
      const door = (await doorsOf(row)).find((d) => {
        const token = Buffer.from(d.token);
        return token.length === asked.length && timingSafeEqual(token, asked);
      });
      if (!door) throw fail('not_found', ERROR_CODES.deviceNotFound);

      const keyId = Number(row.id);
      const projectId = Number(row.project_id);
      const now = deps.clock.now();
      const loaded = await loadForSubject(deps.db, projectId, { identifier_id: keyId });
      const rules = loaded?.rules ?? [];
      const { judge } = await scheduleJudge(deps.db, projectId, [...new Set(rules.flatMap((r) => r.time_rule_ids))]);
      const model = modelFromRows({
        credentials: loaded?.credentials ?? [],
        users: loaded?.users ?? [],
        rules,
        scheduleVerdict: judge,
      });
      const decision = decide(model, { identifier_id: keyId }, { device_id: door.device_id, lock: door.lock }, now);
      if (!decision.granted) throw decisionRefusal(decision.reason);
      if (!online(door.serial)) throw fail('conflict', ERROR_CODES.deviceProblem, { reason: 'offline' });

      // The pass is taken before the door is asked (two guests racing for the last pass cannot both
      // get it) and given back when the door does not open.
      const limited = passesOf(row) !== null;
      if (limited && !(await takePass(deps.db, keyId))) throw fail('conflict', ERROR_CODES.passLimitReached);
      try {
        await deps.link.request(
          door.serial as string,
          'relay.open',
          { relay: door.lock, reason: 'guest', identifier: row.value },
          { timeoutMs: GUEST_ACCESS.openTimeoutMs },
        );
      } catch (error) {
        if (limited) await givePassBack(deps.db, keyId);
        if (error instanceof DeviceLinkError) {
          const reason = error.code === 'refused' ? 'refused' : error.code === 'timeout' ? 'no_answer' : 'offline';
          throw fail('conflict', ERROR_CODES.deviceProblem, { reason });
        }
        throw error;
      }
      deps.onUsed?.({ id: keyId, projectId });
      if (limited) await deps.onPassCounted?.({ id: keyId, projectId });
      const after = await findKey(deps.db, keyUid);
      return { opened: true, passes: after ? passesOf(after) : null };
    },
  };
}
export type GuestPage = ReturnType<typeof createGuestPage>;

/** Counts one pass if one is left; answers whether it did. */
async function takePass(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('identifiers')
    .set((eb) => ({ passes_count: eb('passes_count', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('passes_max_count', 'is', null), eb('passes_count', '<', eb.ref('passes_max_count'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function givePassBack(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('identifiers')
    .set((eb) => ({ passes_count: eb('passes_count', '-', 1) }))
    .where('id', '=', id)
    .where('passes_count', '>', 0)
    .execute();
}
