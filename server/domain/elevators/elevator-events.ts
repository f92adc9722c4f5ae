import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { ElevatorEvent } from '../../../src/contract/entities/elevator-event';
import { ELEVATOR_EVENT_EXPORT_FIELDS } from '../../../src/contract/entities/elevator-event';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import {
  EVENT_COLUMNS,
  EVENT_RELATIONS,
  EVENT_SELECTION,
  eventExportColumns,
  projectEvents,
  toEvents,
} from '../devices/device-events';
import { elevatorScope } from './elevators';

/**
 * Elevator events (7.4 `/elevators/events`): the device events list's query joined to the
 * elevators the event's device drives (`elevator_devices`), scoped like the elevators list (6.2:
 * the elevator's reach decides, not the device's).
 */
export function scopedElevatorEvents(db: Kysely<Database>, auth: Auth) {
  const q = projectEvents(db, auth)
    .innerJoin('elevator_devices as ed', 'ed.device_id', 'e.device_id')
    .innerJoin('elevators as el', 'el.id', 'ed.elevator_id')
    .where('el.project_id', '=', auth.projectId);
  const scope = elevatorScope(auth, 'el');
  return scope ? q.where(scope) : q;
}

export const ELEVATOR_EVENT_COLUMNS = { ...EVENT_COLUMNS, elevator_name: 'el.name' } as const;

export const ELEVATOR_EVENT_RELATIONS = {
  ...EVENT_RELATIONS,
  elevator: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> =>
    rule === 'has'
      ? sql<SqlBool>`el.id in (${sql.join(ids as number[])})`
      : // Every elevator event has its elevator.
        sql<SqlBool>`${ids === 'null' ? sql`1 = 0` : sql`1 = 1`}`,
};

export function selectElevatorEvents(q: ReturnType<typeof scopedElevatorEvents>) {
  return q.select([...EVENT_SELECTION, 'el.id as elevator_id', 'el.name as elevator_name']);
}
type ElevatorEventRow = RowOf<ReturnType<typeof selectElevatorEvents>>;

export function toElevatorEvents(rows: ElevatorEventRow[]): ElevatorEvent[] {
  return toEvents(rows).map((event, i) => ({
    ...event,
    elevator: { id: Number(rows[i]?.elevator_id), name: String(rows[i]?.elevator_name) },
  }));
}

export const ELEVATOR_EVENT_EXPORT_COLUMNS = eventExportColumns<
  ElevatorEvent,
  (typeof ELEVATOR_EVENT_EXPORT_FIELDS)[number]
>(ELEVATOR_EVENT_EXPORT_FIELDS);
