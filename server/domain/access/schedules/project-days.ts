import type { Kysely } from 'kysely';
import type { ProjectDay, ProjectDayInput } from '../../../../src/contract/entities/time-rule';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';
import { itemNotFound } from '../../errors';

/**
 * The project's day calendar (`project_days`): dates marked holiday or workday, which schedules
 * with day types read (docs/decisions.md, Access management › Schedules). One row per date: a PUT
 * of a marked date replaces its type and name.
 */
export async function listProjectDays(db: Kysely<Database>, auth: Auth, year?: number): Promise<ProjectDay[]> {
  let q = db.selectFrom('project_days').select(['date', 'day_type', 'name']).where('project_id', '=', auth.projectId);
  if (year !== undefined) q = q.where('date', '>=', `${year}-01-01`).where('date', '<=', `${year}-12-31`);
  return q.orderBy('date').execute();
}

export async function putProjectDay(db: Kysely<Database>, auth: Auth, day: ProjectDayInput): Promise<ProjectDay> {
  const row = { project_id: auth.projectId, date: day.date, day_type: day.day_type, name: day.name };
  await db
    .insertInto('project_days')
    .values(row)
    .onConflict((oc) => oc.columns(['project_id', 'date']).doUpdateSet({ day_type: row.day_type, name: row.name }))
    .execute();
  return { date: day.date, day_type: day.day_type, name: day.name };
}

export async function deleteProjectDay(db: Kysely<Database>, auth: Auth, date: string): Promise<void> {
  const result = await db
    .deleteFrom('project_days')
    .where('project_id', '=', auth.projectId)
    .where('date', '=', date)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw itemNotFound();
}
