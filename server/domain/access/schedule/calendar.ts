import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { PROJECT_DEFAULTS, projectNamedZone, projectTimeZone } from '../../project/settings';
import type { ProjectCalendar } from './verdict';

/** The zone schedules are judged in when the project's settings name none. */
export const DEFAULT_TIME_ZONE = PROJECT_DEFAULTS.timeZone;

/**
 * A project's calendar: the `time_zone` of its general settings (an IANA name,
 * /general-settings), else DEFAULT_TIME_ZONE, and its marked days (`project_days`).
 */
export async function projectCalendar(db: Kysely<Database>, projectId: number): Promise<ProjectCalendar> {
  const [timeZone, days] = await Promise.all([
    projectTimeZone(db, projectId),
    db.selectFrom('project_days').select(['date', 'day_type']).where('project_id', '=', projectId).execute(),
  ]);
  return { timeZone, days: new Map(days.map((d) => [d.date, d.day_type])) };
}

/** The zone a project's settings name, or null when they name none (amenities then take the console's offset). */
export async function projectZone(db: Kysely<Database>, projectId: number): Promise<string | null> {
  return projectNamedZone(db, projectId);
}
