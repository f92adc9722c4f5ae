import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import { DEVICE_EVENT_EXPORT_FIELDS, type DeviceEvent } from '../../../src/contract/entities/device-event';
import type { Filter } from '../../../src/contract/filters';
import { readJson } from '../../db/json';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { wrongParameters } from '../errors';
import { eventDeviceScope } from './event-scope';

/** The project's events with their devices (`e`, `d`): the base the events lists narrow. */
export function projectEvents(db: Kysely<Database>, auth: Auth) {
  return db
    .selectFrom('device_events as e')
    .innerJoin('devices as d', 'd.id', 'e.device_id')
    .where('e.project_id', '=', auth.projectId);
}

/** The events list (7.4): the project's events of devices the caller reaches (event-scope.ts). */
export function scopedEvents(db: Kysely<Database>, auth: Auth) {
  const q = projectEvents(db, auth);
  const scope = eventDeviceScope(auth);
  return scope ? q.where(scope) : q;
}

export const EVENT_COLUMNS = {
  id: 'e.id',
  type: 'e.type',
  event_id: 'e.event_id',
  occurred_at: 'e.occurred_at',
  received_at: 'e.received_at',
  device_name: 'd.name',
} as const;

export const EVENT_RELATIONS = {
  device: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> =>
    rule === 'has'
      ? sql<SqlBool>`e.device_id in (${sql.join(ids as number[])})`
      : sql<SqlBool>`${ids === 'null' ? sql`1 = 0` : sql`1 = 1`}`,
};

const instant = (f: Filter) => {
  const value = String(f.value ?? '');
  if (Number.isNaN(Date.parse(value))) throw wrongParameters({ filters: { code: 'invalid' } });
  return new Date(value).toISOString();
};

/** The time range filters (contract: date_from, date_to on the device's time). */
export const EVENT_CONDITIONS = {
  date_from: (f: Filter): Expression<SqlBool> => sql<SqlBool>`e.occurred_at >= ${instant(f)}`,
  date_to: (f: Filter): Expression<SqlBool> => sql<SqlBool>`e.occurred_at <= ${instant(f)}`,
};

/** An event's columns; lists built on projectEvents (elevator events) select them too. */
export const EVENT_SELECTION = [
  'e.id',
  'e.device_id',
  'd.name as device_name',
  'e.event_id',
  'e.type',
  'e.occurred_at',
  'e.received_at',
  'e.data',
] as const;

export function selectEvents(q: ReturnType<typeof scopedEvents>) {
  return q.select(EVENT_SELECTION);
}
export type EventRow = RowOf<ReturnType<typeof selectEvents>>;

const DataSchema = v.record(v.string(), v.unknown());

export function toEvents(rows: EventRow[]): DeviceEvent[] {
  return rows.map((r) => ({
    id: Number(r.id),
    device: { id: Number(r.device_id), name: r.device_name },
    event_id: r.event_id,
    type: r.type,
    occurred_at: r.occurred_at,
    received_at: r.received_at,
    data: readJson(r.data, DataSchema, {}),
  }));
}

/**
 * A download's columns: an event's fields (a reference — device, elevator — by its name) and its
 * details spread into columns of their own.
 */
export function eventExportColumns<E extends DeviceEvent, F extends string>(
  fields: readonly F[],
): Record<F, (event: E) => unknown> {
  return Object.fromEntries(
    fields.map((field) => [
      field,
      (event: E): unknown => {
        const own = (event as Record<string, unknown>)[field];
        if (own !== undefined) return typeof own === 'object' && own !== null && 'name' in own ? own.name : own;
        const value = event.data[field];
        return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
      },
    ]),
  ) as Record<F, (event: E) => unknown>;
}

export const EVENT_EXPORT_COLUMNS = eventExportColumns<DeviceEvent, (typeof DEVICE_EVENT_EXPORT_FIELDS)[number]>(
  DEVICE_EVENT_EXPORT_FIELDS,
);
