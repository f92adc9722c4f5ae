import { sql, type Transaction } from 'kysely';
import { IDENTIFIER_TYPES, type IdentifierType } from '../../../../src/contract/entities/identifier';
import type { Database } from '../../../db/schema';

/**
 * From device events to the ACS log (docs/decisions.md "Access-control events"): the events that
 * are access decisions (`identifier.used`, `access.denied`, `plate.read`, a lift called by an
 * identifier) become `access_events` rows in the ingestion's own transaction, so the log holds
 * exactly the stored decisions, once each. The identifier is resolved now, as it is at this
 * moment: the door's `key` (the held item it matched, `type:value`) first, else a typed
 * `type:value`, else the bare value read (a plate read names its type), and among identifiers
 * sharing a bare value the first type of IDENTIFIER_TYPES (then the oldest) wins.
 *
 * A granted decision is a pass: identifiers with a pass restriction count it in the same
 * transaction (one UPDATE per batch), so the count is the doors' and the guest page's together.
 * A guest page open is no decision event here (the door tells it as `door.opened` with reason
 * `guest`, and the open already counted its pass), so it is never counted twice.
 */

/** A device event just stored, as the ingestion has it. */
export interface StoredEvent {
  id: number;
  project_id: number;
  device_id: number;
  type: string;
  occurred_at: string;
  received_at: string;
  data: Record<string, unknown>;
}

/** What a device event says of an access decision. */
export interface DecisionOf {
  presented: string;
  /** The key of the item the door matched (our simulated doors send it). */
  key: string | null;
  /** The identifier type the reader implies (a plate camera), if any. */
  typeHint: IdentifierType | null;
  lock: number | null;
  floor: number | null;
  granted: boolean;
  reason: string;
}

/** One recorded decision, for the announcements after the commit. */
export interface RecordedAccess {
  projectId: number;
  deviceId: number;
  granted: boolean;
  reason: string;
  identifierId: number | null;
  identifierType: string | null;
  identifierValue: string;
  identifierName: string | null;
  holderType: 'owner' | 'guest' | null;
  userId: number | null;
  userName: string | null;
  /** Who made the identifier (a guest key's granter hears of its use). */
  createdBy: number | null;
}

/** An identifier whose pass restriction counted passes of this batch. */
export interface CountedPasses {
  id: number;
  projectId: number;
  guest: boolean;
  /**
   * The count is at (or past) the limit: the doors must learn it, or they go on admitting (past
   * it: a door admitted with an older count, so it too needs the new one).
   */
  atLimit: boolean;
}

/** What a batch recorded: its ACS rows and the passes counted. */
export interface RecordedBatch {
  recorded: RecordedAccess[];
  passes: CountedPasses[];
}

/** Device event types that may be access decisions (decisionOf says which are). */
export const DECISION_EVENT_TYPES: ReadonlySet<string> = new Set([
  'identifier.used',
  'access.denied',
  'plate.read',
  'lift.called',
]);

const REASON_MAX = 64;
const VALUE_MAX = 255;
const text = (x: unknown) => (typeof x === 'string' && x.trim() !== '' ? x.trim().slice(0, VALUE_MAX) : null);
const whole = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) ? x : null);
const reasonOf = (x: unknown) => text(x)?.slice(0, REASON_MAX) ?? 'unknown';

/** Whether a device event is an access decision, and what it says (null: not one). */
export function decisionOf(type: string, data: Record<string, unknown>): DecisionOf | null {
  const key = text(data.key);
  const lock = whole(data.relay);
  const floor = whole(data.floor);
  switch (type) {
    case 'identifier.used': {
      const presented = text(data.identifier);
      return presented ? { presented, key, typeHint: null, lock, floor, granted: true, reason: 'granted' } : null;
    }
    case 'access.denied': {
      const presented = text(data.identifier);
      if (!presented) return null;
      return { presented, key, typeHint: null, lock, floor, granted: false, reason: reasonOf(data.reason) };
    }
    case 'plate.read': {
      const presented = text(data.plate);
      if (!presented) return null;
      const granted = data.granted === true;
      return {
        presented,
        key,
        typeHint: 'plate',
        lock: lock ?? 1,
        floor: null,
        granted,
        reason: granted ? 'granted' : reasonOf(data.reason),
      };
    }
    case 'lift.called': {
      const presented = data.source === 'identifier' ? text(data.identifier) : null;
      return presented ? { presented, key, typeHint: null, lock: null, floor, granted: true, reason: 'granted' } : null;
    }
    default:
      return null;
  }
}

const TYPED = new RegExp(`^(${IDENTIFIER_TYPES.join('|')}):(.+)$`);

/** `type:value` → its parts, when the type is one of ours. */
function typed(text: string | null): { type: IdentifierType; value: string } | null {
  const match = text ? TYPED.exec(text) : null;
  return match ? { type: match[1] as IdentifierType, value: match[2] as string } : null;
}

/** What to look for: an exact (type, value), or a bare value of any type. */
function wantedOf(d: DecisionOf): { type: IdentifierType | null; value: string } {
  const exact = typed(d.key) ?? typed(d.presented);
  if (exact) return exact;
  if (d.typeHint === 'plate') return { type: 'plate', value: d.presented.replace(/[\s-]+/g, '').toUpperCase() };
  return { type: d.typeHint, value: d.presented };
}

const TYPE_ORDER = new Map<string, number>(IDENTIFIER_TYPES.map((t, i) => [t, i]));

/**
 * Writes the ACS rows of freshly stored device events (inside the ingestion's transaction) and
 * answers what was recorded. Identifiers are looked up once per project for the whole batch.
 */
export async function recordAccessEvents(trx: Transaction<Database>, events: StoredEvent[]): Promise<RecordedBatch> {
  const decisions = events.flatMap((event) => {
    const decision = decisionOf(event.type, event.data);
    return decision ? [{ event, decision, wanted: wantedOf(decision) }] : [];
  });
  if (decisions.length === 0) return { recorded: [], passes: [] };

  const byProject = new Map<number, Set<string>>();
  for (const { event, wanted } of decisions) {
    const values = byProject.get(event.project_id) ?? new Set<string>();
    values.add(wanted.value);
    byProject.set(event.project_id, values);
  }
  type Found = {
    id: number;
    type: string;
    value: string;
    name: string | null;
    owner_type: string;
    owner_id: number | null;
    owner_name: string | null;
    created_by_user_id: number | null;
  };
  const found = new Map<string, Found[]>();
  for (const [projectId, values] of byProject) {
    const list = [...values];
    for (let i = 0; i < list.length; i += 500) {
      const rows = await trx
        .selectFrom('identifiers as i')
        .leftJoin('users as u', 'u.id', 'i.owner_id')
        .select([
          'i.id',
          'i.type',
          'i.value',
          'i.name',
          'i.owner_type',
          'i.owner_id',
          'u.name as owner_name',
          'i.created_by_user_id',
        ])
        .where('i.project_id', '=', projectId)
        .where('i.value', 'in', list.slice(i, i + 500))
        .execute();
      for (const r of rows) {
        const at = `${projectId}/${r.value}`;
        found.set(at, [
          ...(found.get(at) ?? []),
          {
            ...r,
            id: Number(r.id),
            owner_id: r.owner_id === null ? null : Number(r.owner_id),
            created_by_user_id: r.created_by_user_id === null ? null : Number(r.created_by_user_id),
          },
        ]);
      }
    }
  }

  const recorded: RecordedAccess[] = [];
  const rows = decisions.map(({ event, decision, wanted }) => {
    const candidates = (found.get(`${event.project_id}/${wanted.value}`) ?? [])
      .filter((c) => wanted.type === null || c.type === wanted.type)
      .sort((a, b) => (TYPE_ORDER.get(a.type) ?? 99) - (TYPE_ORDER.get(b.type) ?? 99) || a.id - b.id);
    const identifier = candidates[0] ?? null;
    const holderType = identifier ? (identifier.owner_type === 'guest' ? 'guest' : 'owner') : null;
    const userId = identifier?.owner_id ?? null;
    const userName = userId === null ? null : (identifier?.owner_name ?? null);
    recorded.push({
      projectId: event.project_id,
      deviceId: event.device_id,
      granted: decision.granted,
      reason: decision.reason,
      identifierId: identifier?.id ?? null,
      identifierType: identifier?.type ?? wanted.type,
      identifierValue: identifier?.value ?? wanted.value,
      identifierName: identifier?.name ?? null,
      holderType,
      userId,
      userName,
      createdBy: identifier?.created_by_user_id ?? null,
    });
    return {
      project_id: event.project_id,
      device_id: event.device_id,
      device_event_id: event.id,
      occurred_at: event.occurred_at,
      received_at: event.received_at,
      lock: decision.lock,
      floor: decision.floor,
      granted: (decision.granted ? 1 : 0) as 0 | 1,
      reason: decision.reason,
      identifier_id: identifier?.id ?? null,
      identifier_type: identifier?.type ?? wanted.type,
      identifier_value: (identifier?.value ?? wanted.value).slice(0, VALUE_MAX),
      identifier_name: identifier?.name ?? null,
      holder_type: holderType,
      user_id: userId,
      user_name: userName,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('access_events')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  const granted = new Map<number, number>();
  for (const r of recorded)
    if (r.granted && r.identifierId !== null) granted.set(r.identifierId, (granted.get(r.identifierId) ?? 0) + 1);
  return { recorded, passes: await countPasses(trx, granted) };
}

/**
 * Adds each identifier's granted passes to its count, for those with a pass restriction: one
 * UPDATE (per 500 identifiers) whatever the batch holds. The count is what the doors admitted, so
 * a door that admitted past the limit (it held an older count) makes it exceed max_count.
 */
async function countPasses(trx: Transaction<Database>, granted: Map<number, number>): Promise<CountedPasses[]> {
  const ids = [...granted.keys()];
  const counted: CountedPasses[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const added = sql.join(
      chunk.map((id) => sql`when ${id} then cast(${granted.get(id) ?? 0} as integer)`),
      sql` `,
    );
    const rows = await trx
      .updateTable('identifiers')
      .set({ passes_count: sql<number>`passes_count + case id ${added} else 0 end` })
      .where('id', 'in', chunk)
      .where('passes_active', '=', 1)
      .returning(['id', 'project_id', 'owner_type', 'passes_count', 'passes_max_count'])
      .execute();
    for (const r of rows) {
      counted.push({
        id: Number(r.id),
        projectId: Number(r.project_id),
        guest: r.owner_type === 'guest',
        atLimit: r.passes_max_count !== null && Number(r.passes_count) >= Number(r.passes_max_count),
      });
    }
  }
  return counted;
}
