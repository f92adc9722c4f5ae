import type { ProjectCalendar, ScheduleVerdict } from '../schedule/verdict';

/**
 * The schedule evaluator the server and the simulated doors use, in one place. Until the
 * evaluator (`../schedule/evaluate.ts`, `evaluateSchedule(definition, at, calendar)`) is merged,
 * this is null and every schedule counts as unknown: closed for an allowing rule, open for a
 * prohibition (a gap never lets anyone in). At merge:
 *   import { evaluateSchedule } from '../schedule/evaluate';
 *   export const evaluateStoredSchedule: StoredScheduleEvaluator | null = evaluateSchedule;
 */
export type StoredScheduleEvaluator = (definition: never, at: Date, calendar: ProjectCalendar) => ScheduleVerdict;

export const evaluateStoredSchedule: StoredScheduleEvaluator | null = null;
