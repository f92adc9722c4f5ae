import * as v from 'valibot';
import type { ProjectCalendar } from '../../../server/domain/access/schedule/verdict';
import { type TimeRuleDefinition, TimeRuleDefinitionSchema } from '../../../src/contract/time-rule-definition';

/** A definition through the contract schema (defaults filled, cross-field rules checked). */
export function rule(fields: Partial<TimeRuleDefinition> & { valid_from: string }): TimeRuleDefinition {
  return v.parse(TimeRuleDefinitionSchema, fields);
}

export function calendar(timeZone: string, days: Record<string, 'holiday' | 'workday'> = {}): ProjectCalendar {
  return { timeZone, days: new Map(Object.entries(days)) };
}

export const H = 3600;
