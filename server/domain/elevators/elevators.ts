import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Elevator, ElevatorControllerOption } from '../../../src/contract/entities/elevator';
import type { Filter } from '../../../src/contract/filters';
import { hasPermission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { floorMaps, storedSettings } from '../devices/devices';
import { type DeviceStatusSource, statusOfDevice } from '../devices/status';
import { wrongParameters } from '../errors';

/**
 * Elevators (section 3, 6.2). Scopes, in SQL: elevators.view_all → every elevator of the
 * project; elevators.view → elevators in the caller's groups and the groups below them
 * (docs/decisions.md, Elevators); and always the elevators the caller created (6.1). Edits
 * and deletes reach the same rows. The groups an elevator may be put in, and the lift
 * controllers the form may pick, follow the same reach.
 */
const viewsAll = (auth: Auth) => hasPermission(auth.role.permissions, 'elevators.view_all');

/** Whether the group in `column` is one of the caller's groups or below one. */
export function groupReach(auth: Auth, column: string): Expression<SqlBool> {
  // Aliases of their own: `column` may name an outer `g`.
  return sql<SqlBool>`exists (select 1 from domains reach_g inner join user_domains reach_mud
    on reach_mud.user_id = ${auth.userId}
    inner join domains reach_mg on reach_mg.id = reach_mud.domain_id and reach_mg.project_id = ${auth.projectId}
    where reach_g.id = ${sql.ref(column)} and reach_g.lft >= reach_mg.lft and reach_g.rgt <= reach_mg.rgt)`;
}

/** The elevators (aliased `alias`) the caller sees, in SQL; null: every elevator of the project. */
export function elevatorScope(auth: Auth, alias: string): Expression<SqlBool> | null {
  if (viewsAll(auth)) return null;
  return sql<SqlBool>`(${groupReach(auth, `${alias}.domain_id`)} or ${sql.ref(`${alias}.created_by_user_id`)} = ${auth.userId})`;
}

export function scopedElevators(db: Kysely<Database>, auth: Auth) {
  const q = db.selectFrom('elevators as e').where('e.project_id', '=', auth.projectId);
  const scope = elevatorScope(auth, 'e');
  return scope ? q.where(scope) : q;
}

export const ELEVATOR_COLUMNS = { id: 'e.id', name: 'e.name', created_at: 'e.created_at' } as const;

const idsIn = (ids: number[]) => sql.join(ids);
export const ELEVATOR_RELATIONS = {
  domain: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`e.domain_id in (${idsIn(ids as number[])})`;
    // Every elevator has a group.
    return ids === 'null' ? sql<SqlBool>`1 = 0` : sql<SqlBool>`1 = 1`;
  },
  devices: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') {
      return sql<SqlBool>`exists (select 1 from elevator_devices ed where ed.elevator_id = e.id
        and ed.device_id in (${idsIn(ids as number[])}))`;
    }
    const any = sql<SqlBool>`exists (select 1 from elevator_devices ed where ed.elevator_id = e.id)`;
    return ids === 'null' ? sql<SqlBool>`not ${any}` : any;
  },
};

export function selectElevators(q: ReturnType<typeof scopedElevators>) {
  return q
    .innerJoin('domains as g', 'g.id', 'e.domain_id')
    .leftJoin('users as author', 'author.id', 'e.created_by_user_id')
    .select([
      'e.id',
      'e.name',
      'e.domain_id',
      'g.name as domain_name',
      'e.created_at',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}
export type ElevatorRow = RowOf<ReturnType<typeof selectElevators>>;

/** The controllers of these elevators (their devices and lift settings), in one query plus one for floor maps. */
export async function toElevators(
  db: Kysely<Database>,
  source: DeviceStatusSource,
  rows: ElevatorRow[],
): Promise<Elevator[]> {
  const ids = rows.map((r) => Number(r.id));
  const links =
    ids.length === 0
      ? []
      : await db
          .selectFrom('elevator_devices as ed')
          .innerJoin('devices as d', 'd.id', 'ed.device_id')
          .select(['ed.elevator_id', 'd.id', 'd.name', 'd.serial_number', 'd.settings', 'd.mqtt_password'])
          .where('ed.elevator_id', 'in', ids)
          .orderBy('d.name')
          .orderBy('d.id')
          .execute();
  const floors = await floorMaps(
    db,
    links.map((l) => Number(l.id)),
  );
  const rules =
    ids.length === 0
      ? []
      : await db
          .selectFrom('elevator_access_rule_floors as f')
          .innerJoin('elevator_access_rules as r', 'r.id', 'f.rule_id')
          .select(['f.elevator_id', 'r.id', 'r.name'])
          .distinct()
          .where('f.elevator_id', 'in', ids)
          .orderBy('r.name')
          .orderBy('r.id')
          .execute();
  return rows.map((r) => {
    const devices = links
      .filter((l) => Number(l.elevator_id) === Number(r.id))
      .map((l) => ({
        id: Number(l.id),
        name: l.name,
        serial_number: l.serial_number,
        device_info: { status: statusOfDevice(source, l.serial_number) },
        lift_controller: storedSettings(l.settings, null, floors.get(Number(l.id)) ?? []).lift_controller,
      }));
    return {
      id: Number(r.id),
      name: r.name,
      domain_id: Number(r.domain_id),
      domain: { id: Number(r.domain_id), name: r.domain_name },
      devices,
      hasAccessModeController: devices.some((d) => d.lift_controller.enabled),
      elevator_access_rules: rules
        .filter((rule) => Number(rule.elevator_id) === Number(r.id))
        .map((rule) => ({ id: Number(rule.id), name: rule.name })),
      created_at: r.created_at,
      created_by_user: r.author_id === null ? null : { id: Number(r.author_id), name: r.author_name ?? '' },
    };
  });
}

// ---- Lift controllers the form may pick ----

/** Lift controllers of the project the caller reaches with elevators (or created). */
export function scopedControllers(db: Kysely<Database>, auth: Auth) {
  let q = db
    .selectFrom('devices as d')
    .where('d.project_id', '=', auth.projectId)
    .where('d.type', '=', 'liftcontroller');
  if (!viewsAll(auth)) {
    q = q.where(sql<SqlBool>`(${groupReach(auth, 'd.domain_id')} or d.created_by_user_id = ${auth.userId})`);
  }
  return q;
}

export const CONTROLLER_COLUMNS = { id: 'd.id', name: 'd.name', serial_number: 'd.serial_number' } as const;

export const CONTROLLER_RELATIONS = {
  domain: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`d.domain_id in (${idsIn(ids as number[])})`;
    return ids === 'null' ? sql<SqlBool>`d.domain_id is null` : sql<SqlBool>`d.domain_id is not null`;
  },
};

/** `free_for` = N: controllers linked to no elevator, or to elevator N (0: to none). */
export function freeForCondition(f: Filter): Expression<SqlBool> {
  const value = Number(f.value);
  if (f.rule !== 'equals' || !Number.isSafeInteger(value) || value < 0) {
    throw wrongParameters({ filters: { code: 'invalid' } });
  }
  return sql<SqlBool>`not exists (select 1 from elevator_devices ed where ed.device_id = d.id
    and ed.elevator_id <> ${value})`;
}

export function selectControllers(q: ReturnType<typeof scopedControllers>) {
  return q
    .leftJoin('domains as g', 'g.id', 'd.domain_id')
    .leftJoin('elevator_devices as ed', 'ed.device_id', 'd.id')
    .leftJoin('elevators as e', 'e.id', 'ed.elevator_id')
    .select([
      'd.id',
      'd.name',
      'd.serial_number',
      'd.domain_id',
      'g.name as domain_name',
      'e.id as elevator_id',
      'e.name as elevator_name',
      sql<number | string>`(select count(*) from device_floors f where f.device_id = d.id)`.as('floors'),
    ]);
}
export type ControllerRow = RowOf<ReturnType<typeof selectControllers>>;

export function toControllerOptions(source: DeviceStatusSource, rows: ControllerRow[]): ElevatorControllerOption[] {
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    serial_number: r.serial_number,
    domain: r.domain_id === null ? null : { id: Number(r.domain_id), name: r.domain_name ?? '' },
    elevator: r.elevator_id === null ? null : { id: Number(r.elevator_id), name: r.elevator_name ?? '' },
    floors: Number(r.floors),
    device_info: { status: statusOfDevice(source, r.serial_number) },
  }));
}
