import type { Transaction } from 'kysely';
import * as v from 'valibot';
import { TimeRuleDefinitionSchema } from '../../../src/contract/time-rule-definition';
import { definitionJson } from '../../domain/access/schedules/stored';
import type { Database } from '../schema';

/**
 * The demo's schedules (issue 12): working hours on the calendar's workdays 08:00–20:00 (so the
 * holiday below closes them), weekends all day, and the cleaning company's Tuesday and Thursday
 * mornings; plus one holiday in the project's day calendar (Christmas Day of the seed's year).
 */
export const DEMO_SCHEDULES = {
  workingHours: 'Working hours',
  weekends: 'Weekends',
  cleaning: 'Cleaning (Tue/Thu mornings)',
} as const;

export async function seedDemoSchedules(
  trx: Transaction<Database>,
  seed: { projectId: number; adminId: number; now: string },
): Promise<Record<keyof typeof DEMO_SCHEDULES, number>> {
  const validFrom = `${seed.now.slice(0, 4)}-01-01`;
  const definitions = {
    workingHours: {
      valid_from: validFrom,
      repeat_mode: 'daily',
      use_day_types: true,
      day_type: 'workday',
      from: 8 * 3600,
      to: 20 * 3600,
    },
    weekends: {
      valid_from: validFrom,
      repeat_mode: 'custom',
      repeat_custom_mode: 'weekly',
      weekdays: ['sat', 'sun'],
      is_all_day: true,
    },
    cleaning: {
      valid_from: validFrom,
      repeat_mode: 'custom',
      repeat_custom_mode: 'weekly',
      weekdays: ['tue', 'thu'],
      from: 6 * 3600,
      to: 9 * 3600,
    },
  } as const;
  const ids = {} as Record<keyof typeof DEMO_SCHEDULES, number>;
  for (const key of Object.keys(DEMO_SCHEDULES) as (keyof typeof DEMO_SCHEDULES)[]) {
    const row = await trx
      .insertInto('time_rules')
      .values({
        project_id: seed.projectId,
        name: DEMO_SCHEDULES[key],
        description: null,
        definition: definitionJson(v.parse(TimeRuleDefinitionSchema, definitions[key])),
        created_by_user_id: seed.adminId,
        created_at: seed.now,
        updated_at: seed.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }
  await trx
    .insertInto('project_days')
    .values({
      project_id: seed.projectId,
      date: `${seed.now.slice(0, 4)}-12-25`,
      day_type: 'holiday',
      name: 'Christmas Day',
    })
    .execute();
  return ids;
}
