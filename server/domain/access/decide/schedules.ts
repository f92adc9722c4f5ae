import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { projectCalendar } from '../schedule/calendar';
import type { ProjectCalendar } from '../schedule/verdict';
import { evaluateStoredSchedule } from './evaluate-wiring';
import type { ScheduleJudge } from './model';

/** A time rule as judged: its definition (JSON, parsed) and name. */
export interface StoredSchedule {
  id: number;
  name: string;
  definition: unknown;
}

/** The judge over these schedules in this calendar; a schedule not among them is unknown. */
export function judgeOver(schedules: ReadonlyMap<number, StoredSchedule>, calendar: ProjectCalendar): ScheduleJudge {
  return (id, at) => {
    const schedule = schedules.get(id);
    if (!schedule) return undefined;
    return evaluateStoredSchedule(schedule.definition, at, calendar);
  };
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The project's time rules among `ids`, parsed. */
export async function loadSchedules(
  db: Kysely<Database>,
  projectId: number,
  ids: readonly number[],
): Promise<Map<number, StoredSchedule>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('time_rules')
    .select(['id', 'name', 'definition'])
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, definition: parse(r.definition) }]));
}

/** The judge of the project's schedules among `ids`, and what it judged with. */
export async function scheduleJudge(db: Kysely<Database>, projectId: number, ids: readonly number[]) {
  const [schedules, calendar] = await Promise.all([loadSchedules(db, projectId, ids), projectCalendar(db, projectId)]);
  return { schedules, calendar, judge: judgeOver(schedules, calendar) };
}
