import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { TimeRule } from '../../../../src/contract/entities/time-rule';
import { hasPermission } from '../../../../src/contract/permissions';
import type { RowOf } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';
import { projectCalendar } from '../schedule/calendar';
import { nextOccurrences } from '../schedule/evaluate';
import { storedDefinition } from './stored';

/**
 * Schedules (time rules, 6.2). Scopes, in SQL: schedules.view_all → every schedule of the project;
 * schedules.view → the ones the caller created (6.1). Edits and deletes reach the same rows.
 */
export function timeRuleScope(auth: Auth, alias: string): Expression<SqlBool> | null {
  if (hasPermission(auth.role.permissions, 'schedules.view_all')) return null;
  return sql<SqlBool>`${sql.ref(`${alias}.created_by_user_id`)} = ${auth.userId}`;
}

export function scopedTimeRules(db: Kysely<Database>, auth: Auth) {
  const q = db.selectFrom('time_rules as t').where('t.project_id', '=', auth.projectId);
  const scope = timeRuleScope(auth, 't');
  return scope ? q.where(scope) : q;
}

export const TIME_RULE_COLUMNS = { id: 't.id', name: 't.name', created_at: 't.created_at' } as const;

export const TIME_RULE_RELATIONS = {
  access_rules: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') {
      return sql<SqlBool>`exists (select 1 from access_rule_time_rules art where art.time_rule_id = t.id
        and art.access_rule_id in (${sql.join(ids as number[])}))`;
    }
    const any = sql<SqlBool>`exists (select 1 from access_rule_time_rules art where art.time_rule_id = t.id)`;
    return ids === 'null' ? sql<SqlBool>`not ${any}` : any;
  },
};

export function selectTimeRules(q: ReturnType<typeof scopedTimeRules>) {
  return q
    .leftJoin('users as author', 'author.id', 't.created_by_user_id')
    .select([
      't.id',
      't.name',
      't.description',
      't.definition',
      't.created_at',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}
export type TimeRuleRow = RowOf<ReturnType<typeof selectTimeRules>>;

/** The access rules using these schedules, by schedule id (one query). */
export async function accessRulesUsing(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('access_rule_time_rules as art')
    .innerJoin('access_rules as r', 'r.id', 'art.access_rule_id')
    .select(['art.time_rule_id', 'r.id', 'r.name'])
    .where('art.time_rule_id', 'in', ids)
    .orderBy('r.name')
    .orderBy('r.id')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.time_rule_id)) ?? [];
    list.push({ id: Number(r.id), name: r.name });
    out.set(Number(r.time_rule_id), list);
  }
  return out;
}

export async function toTimeRules(db: Kysely<Database>, auth: Auth, rows: TimeRuleRow[]): Promise<TimeRule[]> {
  const using = await accessRulesUsing(
    db,
    rows.map((r) => Number(r.id)),
  );
  const calendar = await projectCalendar(db, auth.projectId);
  const now = new Date();
  return rows.map((r) => {
    const definition = storedDefinition(r.definition);
    return {
      id: Number(r.id),
      name: r.name,
      description: r.description,
      ...definition,
      access_rules: using.get(Number(r.id)) ?? [],
      next_occurrence: nextOccurrences(definition, now, calendar, 1)[0] ?? null,
      created_at: r.created_at,
      created_by_user: r.author_id === null ? null : { id: Number(r.author_id), name: r.author_name ?? '' },
    };
  });
}
