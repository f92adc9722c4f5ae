import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ProjectCalendar } from './verdict';

/** The zone schedules are judged in until project settings (issue 14) give each project its own. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * A project's calendar: `time_zone` of its settings JSON (an IANA name), else DEFAULT_TIME_ZONE,
 * and its marked days (`project_days`).
 */
export async function projectCalendar(db: Kysely<Database>, projectId: number): Promise<ProjectCalendar> {
  const project = await db.selectFrom('projects').select('settings').where('id', '=', projectId).executeTakeFirst();
  const days = await db
    .selectFrom('project_days')
    .select(['date', 'day_type'])
    .where('project_id', '=', projectId)
    .execute();
  return { timeZone: zoneOf(project?.settings), days: new Map(days.map((d) => [d.date, d.day_type])) };
}

function zoneOf(settings: string | undefined): string {
  try {
    const zone = (JSON.parse(settings ?? '{}') as { time_zone?: unknown }).time_zone;
    if (typeof zone === 'string' && zone) {
      new Intl.DateTimeFormat('en', { timeZone: zone }); // throws on an unknown zone
      return zone;
    }
  } catch {
    // an unreadable or unknown zone: the default
  }
  return DEFAULT_TIME_ZONE;
}
