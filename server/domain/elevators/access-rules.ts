import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { ElevatorAccessRule } from '../../../src/contract/entities/elevator-access-rule';
import { hasPermission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { elevatorFloors } from './lift-call';

/**
 * Elevator access rules (doc 1 §3, §5; doc 2 §6.2). Scopes, in SQL: view_all → every rule of
 * the project; view_own → the rules the caller created. Edits and deletes reach the same rows.
 * Read back, an elevator shows the floors of the rule that an access rule may still grant on
 * its floor map (mode=access); an elevator left with none is not sent (section 5).
 */
export function scopedElevatorRules(db: Kysely<Database>, auth: Auth) {
  const q = db.selectFrom('elevator_access_rules as r').where('r.project_id', '=', auth.projectId);
  if (hasPermission(auth.role.permissions, 'elevator_access_rules.view_all')) return q;
  return q.where('r.created_by_user_id', '=', auth.userId);
}

export const ELEVATOR_RULE_COLUMNS = { id: 'r.id', name: 'r.name', created_at: 'r.created_at' } as const;

const idsIn = (ids: number[]) => sql.join(ids);
export const ELEVATOR_RULE_RELATIONS = {
  users: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') {
      return sql<SqlBool>`exists (select 1 from elevator_access_rule_users j where j.rule_id = r.id
        and j.user_id in (${idsIn(ids as number[])}))`;
    }
    const any = sql<SqlBool>`exists (select 1 from elevator_access_rule_users j where j.rule_id = r.id)`;
    return ids === 'null' ? sql<SqlBool>`not ${any}` : any;
  },
  elevators: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') {
      return sql<SqlBool>`exists (select 1 from elevator_access_rule_floors j where j.rule_id = r.id
        and j.elevator_id in (${idsIn(ids as number[])}))`;
    }
    const any = sql<SqlBool>`exists (select 1 from elevator_access_rule_floors j where j.rule_id = r.id)`;
    return ids === 'null' ? sql<SqlBool>`not ${any}` : any;
  },
};

export function selectElevatorRules(q: ReturnType<typeof scopedElevatorRules>) {
  return q
    .leftJoin('users as author', 'author.id', 'r.created_by_user_id')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.created_at',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}
export type ElevatorRuleRow = RowOf<ReturnType<typeof selectElevatorRules>>;

/** The floors an access rule may grant on each elevator (its floor map, public floors left out). */
export async function accessFloorsOf(db: Kysely<Database>, elevatorIds: number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  for (const id of new Set(elevatorIds)) {
    out.set(id, new Set((await elevatorFloors(db, id, 'access')).map((f) => f.floor)));
  }
  return out;
}

export async function toElevatorRules(db: Kysely<Database>, rows: ElevatorRuleRow[]): Promise<ElevatorAccessRule[]> {
  const ids = rows.map((r) => Number(r.id));
  const users =
    ids.length === 0
      ? []
      : await db
          .selectFrom('elevator_access_rule_users as j')
          .innerJoin('users as u', 'u.id', 'j.user_id')
          .select(['j.rule_id', 'u.id', 'u.name', 'u.elevator_access_disabled'])
          .where('j.rule_id', 'in', ids)
          .orderBy('u.name')
          .orderBy('u.id')
          .execute();
  const floors =
    ids.length === 0
      ? []
      : await db
          .selectFrom('elevator_access_rule_floors as j')
          .innerJoin('elevators as e', 'e.id', 'j.elevator_id')
          .select(['j.rule_id', 'e.id', 'e.name', 'j.floor'])
          .where('j.rule_id', 'in', ids)
          .orderBy('e.name')
          .orderBy('e.id')
          .orderBy('j.floor')
          .execute();
  const granted = await accessFloorsOf(
    db,
    floors.map((f) => Number(f.id)),
  );
  return rows.map((r) => {
    const id = Number(r.id);
    const elevators: ElevatorAccessRule['elevators'] = [];
    for (const f of floors) {
      if (Number(f.rule_id) !== id || !granted.get(Number(f.id))?.has(Number(f.floor))) continue;
      const last = elevators.at(-1);
      if (last && last.id === Number(f.id)) last.floors.push(Number(f.floor));
      else elevators.push({ id: Number(f.id), name: f.name, floors: [Number(f.floor)] });
    }
    return {
      id,
      name: r.name,
      description: r.description,
      users: users
        .filter((u) => Number(u.rule_id) === id)
        .map((u) => ({
          id: Number(u.id),
          name: u.name,
          elevator_access_disabled: Number(u.elevator_access_disabled) === 1,
        })),
      elevators,
      created_at: r.created_at,
      created_by_user: r.author_id === null ? null : { id: Number(r.author_id), name: r.author_name ?? '' },
    };
  });
}
