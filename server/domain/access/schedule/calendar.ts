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
  return {
    timeZone: configuredZone(project?.settings) ?? DEFAULT_TIME_ZONE,
    days: new Map(days.map((d) => [d.date, d.day_type])),
  };
}

/** The `time_zone` a project's settings JSON names, when it is a known IANA zone; else null. */
export function configuredZone(settings: string | undefined): string | null {
  try {
    const zone = (JSON.parse(settings ?? '{}') as { time_zone?: unknown }).time_zone;
    if (typeof zone === 'string' && zone) {
      new Intl.DateTimeFormat('en', { timeZone: zone }); // throws on an unknown zone
      return zone;
    }
  } catch {
    // an unreadable or unknown zone: none
  }
  return null;
}

/** The zone a project's settings name, or null when they name none (amenities then take the console's offset). */
export async function projectZone(db: Kysely<Database>, projectId: number): Promise<string | null> {
  const project = await db.selectFrom('projects').select('settings').where('id', '=', projectId).executeTakeFirst();
  return configuredZone(project?.settings);
}
