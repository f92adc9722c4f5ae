import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import {
  type ACCESS_EVENT_EXPORT_FIELDS,
  type AccessEvent,
  maskIdentifierValue,
} from '../../../../src/contract/entities/access-event';
import { IDENTIFIER_TYPES, type IdentifierType, identifierHex } from '../../../../src/contract/entities/identifier';
import type { Filter } from '../../../../src/contract/filters';
import type { RowOf } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';
import { eventDeviceScope } from '../../devices/event-scope';
import { wrongParameters } from '../../errors';
import { identifierScope } from '../../identifiers/identifiers';

/**
 * The ACS log (7.5 "access-control (ACS) logs and download"): system.view_acs_events, rows of the
 * devices the caller reaches (the device events' scope: event-scope.ts), in SQL. An identifier's
 * value is shown when the caller may see that identifier (identifiers scope) or when it names no
 * identifier here (an unknown card is what the operator must read to enrol it); otherwise it is
 * masked, and filtering by value never matches a masked row.
 */
export function scopedAccessEvents(db: Kysely<Database>, auth: Auth) {
  const q = db
    .selectFrom('access_events as a')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .leftJoin('identifiers as i', 'i.id', 'a.identifier_id')
    .where('a.project_id', '=', auth.projectId);
  const scope = eventDeviceScope(auth);
  return scope ? q.where(scope) : q;
}

/** Whether the row's value is the caller's to read (alias `a`, `i`). */
function valueVisible(auth: Auth): Expression<SqlBool> {
  const scope = identifierScope(auth, 'i');
  return scope ? sql<SqlBool>`(a.identifier_id is null or ${scope})` : sql<SqlBool>`1 = 1`;
}

export const ACCESS_EVENT_COLUMNS = {
  id: 'a.id',
  occurred_at: 'a.occurred_at',
  received_at: 'a.received_at',
  lock: 'a.lock',
  identifier_type: 'a.identifier_type',
  holder_type: 'a.holder_type',
  granted: 'a.granted',
  reason: 'a.reason',
  device_name: 'd.name',
  user_name: 'a.user_name',
  identifier_name: 'a.identifier_name',
} as const;

const idsIn = (ids: number[]) => sql.join(ids);
const relation =
  (column: string) =>
  (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`${sql.ref(column)} in (${idsIn(ids as number[])})`;
    return ids === 'null' ? sql<SqlBool>`${sql.ref(column)} is null` : sql<SqlBool>`${sql.ref(column)} is not null`;
  };

export const ACCESS_EVENT_RELATIONS = {
  device: relation('a.device_id'),
  user: relation('a.user_id'),
  identifier: relation('a.identifier_id'),
};

const instant = (f: Filter) => {
  const value = String(f.value ?? '');
  if (Number.isNaN(Date.parse(value))) throw wrongParameters({ filters: { code: 'invalid' } });
  return new Date(value).toISOString();
};

/** Computed filters: the time range, the result (granted / denied), the value (visible rows only). */
export const ACCESS_EVENT_CONDITIONS = {
  date_from: (f: Filter): Expression<SqlBool> => sql<SqlBool>`a.occurred_at >= ${instant(f)}`,
  date_to: (f: Filter): Expression<SqlBool> => sql<SqlBool>`a.occurred_at <= ${instant(f)}`,
  result: (f: Filter): Expression<SqlBool> => {
    if (f.value !== 'granted' && f.value !== 'denied') throw wrongParameters({ filters: { code: 'invalid' } });
    const granted = f.value === 'granted' ? 1 : 0;
    return f.rule === 'not_equals' ? sql<SqlBool>`a.granted <> ${granted}` : sql<SqlBool>`a.granted = ${granted}`;
  },
  identifier_value: (f: Filter, { auth }: { auth: Auth }): Expression<SqlBool> => {
    if (typeof f.value !== 'string' || f.value.trim() === '') throw wrongParameters({ filters: { code: 'invalid' } });
    const value = f.value.trim();
    const escaped = value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const match =
      f.rule === 'contains'
        ? sql<SqlBool>`lower(a.identifier_value) like ${`%${escaped}%`} escape '\\'`
        : f.rule === 'begins_with'
          ? sql<SqlBool>`lower(a.identifier_value) like ${`${escaped}%`} escape '\\'`
          : f.rule === 'equals'
            ? sql<SqlBool>`a.identifier_value = ${value}`
            : null;
    if (!match) throw wrongParameters({ filters: { code: 'invalid' } });
    return sql<SqlBool>`(${match} and ${valueVisible(auth)})`;
  },
};

export function selectAccessEvents(q: ReturnType<typeof scopedAccessEvents>, auth: Auth) {
  return q.select([
    'a.id',
    'a.occurred_at',
    'a.received_at',
    'a.device_id',
    'd.name as device_name',
    'a.lock',
    'a.floor',
    'a.granted',
    'a.reason',
    'a.identifier_id',
    'a.identifier_type',
    'a.identifier_value',
    'a.identifier_name',
    'a.holder_type',
    'a.user_id',
    'a.user_name',
    sql<number>`case when ${valueVisible(auth)} then 1 else 0 end`.as('value_visible'),
  ]);
}
export type AccessEventRow = RowOf<ReturnType<typeof selectAccessEvents>>;

const knownType = (t: string | null): IdentifierType | null =>
  t !== null && (IDENTIFIER_TYPES as readonly string[]).includes(t) ? (t as IdentifierType) : null;

export function toAccessEvents(rows: AccessEventRow[]): AccessEvent[] {
  return rows.map((r) => {
    const visible = Number(r.value_visible) === 1;
    const type = knownType(r.identifier_type);
    return {
      id: Number(r.id),
      occurred_at: r.occurred_at,
      received_at: r.received_at,
      device: { id: Number(r.device_id), name: r.device_name },
      lock: r.lock === null ? null : Number(r.lock),
      floor: r.floor === null ? null : Number(r.floor),
      granted: Number(r.granted) === 1,
      reason: r.reason,
      holder_type: r.holder_type === 'guest' ? 'guest' : r.holder_type === 'owner' ? 'owner' : null,
      user: r.user_id === null ? null : { id: Number(r.user_id), name: r.user_name ?? '' },
      identifier: {
        id: visible && r.identifier_id !== null ? Number(r.identifier_id) : null,
        type,
        value: visible ? r.identifier_value : maskIdentifierValue(type, r.identifier_value),
        value_hex: visible && type ? identifierHex(type, r.identifier_value) : null,
        name: r.identifier_name,
        masked: !visible,
      },
    };
  });
}

/** The download: one row per event, references by name, the result as granted/denied. */
export const ACCESS_EVENT_EXPORT_COLUMNS: Record<
  (typeof ACCESS_EVENT_EXPORT_FIELDS)[number],
  (event: AccessEvent) => unknown
> = {
  id: (e) => e.id,
  occurred_at: (e) => e.occurred_at,
  device: (e) => e.device.name,
  lock: (e) => e.lock,
  floor: (e) => e.floor,
  result: (e) => (e.granted ? 'granted' : 'denied'),
  reason: (e) => e.reason,
  holder_type: (e) => e.holder_type,
  user: (e) => e.user?.name ?? null,
  identifier_type: (e) => e.identifier.type,
  identifier_value: (e) => e.identifier.value,
  identifier_name: (e) => e.identifier.name,
  received_at: (e) => e.received_at,
};
