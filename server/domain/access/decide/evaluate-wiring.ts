import * as v from 'valibot';
import { type TimeRuleDefinition, TimeRuleDefinitionSchema } from '../../../../src/contract/time-rule-definition';
import { evaluateSchedule } from '../schedule/evaluate';
import type { ProjectCalendar, ScheduleVerdict } from '../schedule/verdict';

/**
 * The schedule evaluator the server and the simulated doors use, in one place: a stored (or
 * synced) definition checked once against the contract's schema, then judged. A definition that
 * does not pass is unknown (undefined): closed for an allowing rule, open for a prohibition, so a
 * gap never lets anyone in.
 */
export type StoredScheduleEvaluator = (
  definition: unknown,
  at: Date,
  calendar: ProjectCalendar,
) => ScheduleVerdict | undefined;

const checked = new WeakMap<object, TimeRuleDefinition | null>();

function definitionOf(stored: unknown): TimeRuleDefinition | null {
  if (!stored || typeof stored !== 'object') return null;
  let found = checked.get(stored);
  if (found === undefined) {
    const parsed = v.safeParse(TimeRuleDefinitionSchema, stored);
    found = parsed.success ? parsed.output : null;
    checked.set(stored, found);
  }
  return found;
}

export const evaluateStoredSchedule: StoredScheduleEvaluator = (stored, at, calendar) => {
  const definition = definitionOf(stored);
  return definition ? evaluateSchedule(definition, at, calendar) : undefined;
};
