import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import {
  CALL_OUTCOMES,
  CALL_TYPES,
  type CallHistoryItem,
  type DialerHistory,
} from '../../../src/contract/entities/call-history';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Filter } from '../../../src/contract/filters';
import { hasPermission } from '../../../src/contract/permissions';
import type { ListContext } from '../../db/list-sql';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { itemNotFound, refused } from '../errors';

/**
 * Call history (read-only; the SIP server writes it). calls.view_history reads
 * every call of the project. The dialer history of a number is read by its
 * holder, or by whoever reads the call history.
 */
export function scopedCalls(db: Kysely<Database>, auth: Auth) {
  return db
    .selectFrom('call_history as h')
    .leftJoin('users as fu', 'fu.id', 'h.from_user_id')
    .leftJoin('users as tu', 'tu.id', 'h.to_user_id')
    .where('h.project_id', '=', auth.projectId);
}

export const CALL_COLUMNS = {
  id: 'h.id',
  status: 'h.status',
  type: 'h.type',
  is_sos: 'h.is_sos',
  duration: 'h.duration',
  from_number: 'h.from_number',
  to_number: 'h.to_number',
  answered_by: 'h.answered_by',
  started_at: 'h.started_at',
  created_at: 'h.created_at',
  from_name: 'fu.name',
  to_name: 'tu.name',
} as const;

const like = (column: string, value: string, rule: Filter['rule']) => {
  const escaped = value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  if (rule === 'equals') return sql<SqlBool>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;
  const pattern = rule === 'begins_with' ? `${escaped}%` : `%${escaped}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
};

/**
 * `direction` is seen from the query's `number` filter when there is one,
 * else from the caller's own numbers.
 */
function side(column: 'h.from_number' | 'h.to_number', { auth, filters }: ListContext): Expression<SqlBool> {
  const numberFilter = filters.find((f) => f.field === 'number');
  if (numberFilter) return like(column, String(numberFilter.value ?? ''), numberFilter.rule);
  const ownNumbers = sql`select sn.number from sip_numbers sn where sn.user_id = ${auth.userId}
    and sn.project_id = ${auth.projectId}`;
  return sql<SqlBool>`${sql.ref(column)} in (${ownNumbers})`;
}

/** The computed filters of the list (contract: number, direction, date_from, date_to). */
export const CALL_CONDITIONS = callConditions();

function callConditions() {
  const instant = (f: Filter) => {
    const value = String(f.value ?? '');
    if (Number.isNaN(Date.parse(value))) {
      throw refused(ERROR_CODES.wrongParameters, { errors: { filters: { code: 'invalid' } } });
    }
    return new Date(value).toISOString();
  };
  return {
    number: (f: Filter): Expression<SqlBool> =>
      sql<SqlBool>`(${like('h.from_number', String(f.value ?? ''), f.rule)} or ${like('h.to_number', String(f.value ?? ''), f.rule)})`,
    direction: (f: Filter, list: ListContext): Expression<SqlBool> =>
      f.value === 'outgoing'
        ? side('h.from_number', list)
        : f.value === 'incoming'
          ? side('h.to_number', list)
          : sql<SqlBool>`1 = 0`,
    date_from: (f: Filter): Expression<SqlBool> => sql<SqlBool>`h.started_at >= ${instant(f)}`,
    date_to: (f: Filter): Expression<SqlBool> => sql<SqlBool>`h.started_at <= ${instant(f)}`,
  };
}

export function selectCalls(q: ReturnType<typeof scopedCalls>) {
  return q.select([
    'h.id',
    'h.speech_id',
    'h.from_number',
    'h.to_number',
    'h.from_user_id',
    'h.to_user_id',
    'fu.name as from_user_name',
    'tu.name as to_user_name',
    'h.answered_by',
    'h.status',
    'h.type',
    'h.is_sos',
    'h.duration',
    'h.started_at',
    'h.answered_at',
    'h.ended_at',
    'h.created_at',
  ]);
}

/** One row as selectCalls reads it. */
export type CallRow = RowOf<ReturnType<typeof selectCalls>>;

/** The current holders' names of numbers of the project (a door panel's name for its number). */
async function holderNames(db: Kysely<Database>, projectId: number, numbers: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('sip_numbers as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('devices as dv', 'dv.id', 'n.device_id')
    .leftJoin('domains as d', 'd.id', 'n.domain_id')
    .select(['n.number', 'n.name', 'u.name as user_name', 'dv.name as device_name', 'd.name as domain_name'])
    .where('n.project_id', '=', projectId)
    .where('n.number', 'in', unique)
    .execute();
  return new Map(
    rows.flatMap((r) => {
      const name = r.user_name ?? r.device_name ?? r.name ?? r.domain_name;
      return name ? [[r.number, name] as const] : [];
    }),
  );
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

export async function toCalls(db: Kysely<Database>, auth: Auth, rows: CallRow[]): Promise<CallHistoryItem[]> {
  const names = await holderNames(
    db,
    auth.projectId,
    rows.flatMap((r) => [String(r.from_number), String(r.to_number)]),
  );
  const party = (row: CallRow, side: 'from' | 'to') => {
    const number = String(row[`${side}_number`]);
    const userId = row[`${side}_user_id`];
    const userName = row[`${side}_user_name`];
    const user = userId === null || userName === null ? null : { id: Number(userId), name: String(userName) };
    return { number, user, name: user?.name ?? names.get(number) ?? null };
  };
  return rows.map((row) => ({
    id: Number(row.id),
    speech_id: String(row.speech_id),
    from: party(row, 'from'),
    to: party(row, 'to'),
    answered_by: (row.answered_by as string | null) ?? null,
    status: oneOf(CALL_OUTCOMES, row.status, 'failed'),
    type: oneOf(CALL_TYPES, row.type, 'normal'),
    is_sos: Number(row.is_sos) === 1,
    duration: Number(row.duration),
    started_at: String(row.started_at),
    answered_at: (row.answered_at as string | null) ?? null,
    ended_at: (row.ended_at as string | null) ?? null,
    created_at: String(row.created_at),
  }));
}

/**
 * GET /calls/history/dialer/{number} (7.6): the calls from or to the number
 * (filters from_number or to_number equal, match_any), newest first, each
 * `incoming` or `outgoing` as seen from that number.
 */
export async function dialerHistory(
  db: Kysely<Database>,
  auth: Auth,
  number: string,
  page: { page: number; size: number },
): Promise<DialerHistory> {
  const held = await db
    .selectFrom('sip_numbers')
    .select(['user_id'])
    .where('project_id', '=', auth.projectId)
    .where('number', '=', number)
    .executeTakeFirst();
  // Someone else's number is, to a caller who may not read the history, no number at all:
  // the same 404 as an unknown one, so the numbering plan cannot be probed here either.
  if (!held || (held.user_id !== auth.userId && !hasPermission(auth.role.permissions, 'calls.view_history'))) {
    throw itemNotFound();
  }
  const base = scopedCalls(db, auth).where((eb) =>
    eb.or([eb('h.from_number', '=', number), eb('h.to_number', '=', number)]),
  );
  const counted = await base.select(sql<number | string>`count(*)`.as('total')).executeTakeFirst();
  const rows = await selectCalls(base)
    .orderBy('h.started_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  const calls = await toCalls(db, auth, rows);
  return {
    items: calls.map((c) => ({
      id: c.id,
      from: { number: c.from.number, user_name: c.from.name },
      to: { number: c.to.number, user_name: c.to.name },
      status: c.status,
      duration: c.duration,
      created_at: c.created_at,
      type: c.from.number === number ? ('outgoing' as const) : ('incoming' as const),
    })),
    total: Number(counted?.total ?? 0),
  };
}
