import * as v from 'valibot';
import { SECONDS_IN_DAY, TIME_RULE_DEFAULTS, TIME_RULE_LIMITS } from './constants';
import { WEEK_DAYS } from './entities/forward-rule';

export type { WeekDay } from './entities/forward-rule';
/**
 * A time rule's recurrence (doc 1 §3 "Time rule"), stored whole as the JSON `definition` column
 * of `time_rules` and shown flat in the entity. What each field means is written in
 * docs/decisions.md (Access management › Schedules); the evaluator is
 * server/domain/access/schedule/evaluate.ts. Dates are local dates of the project's time zone.
 */
export { WEEK_DAYS };

/** §3 options, plus `custom` (the months / weekdays / days / looper editor). */
export const REPEAT_MODES = ['never', 'daily', 'weekly', 'every_2_weeks', 'monthly', 'yearly', 'custom'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];
/** `forever`: no end; `count`: the first N occurrences; `until`: occurrences starting on or before a date. */
export const REPEAT_DURATION_MODES = ['forever', 'count', 'until'] as const;
export type RepeatDurationMode = (typeof REPEAT_DURATION_MODES)[number];
export const REPEAT_CUSTOM_MODES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatCustomMode = (typeof REPEAT_CUSTOM_MODES)[number];
export const TIME_RULE_DAY_TYPES = ['day', 'workday', 'holiday'] as const;
/** The looper's week of the month: 1st to 4th, or -1 for the last. */
export const LOOPER_NTHS = [1, 2, 3, 4, -1] as const;
export const PROJECT_DAY_TYPES = ['holiday', 'workday'] as const;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (years 1900 to 2999). */
export function isLocalDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (lengths[month - 1] as number);
}

export const LocalDateSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(DATE_PATTERN, 'invalid'),
  v.check(isLocalDate, 'invalid'),
);
const secondOfDay = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));

export const LooperSchema = v.object({ nth: v.picklist(LOOPER_NTHS), weekday: v.picklist(WEEK_DAYS) });
export type Looper = v.InferOutput<typeof LooperSchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(TIME_RULE_LIMITS.repeatCountMax));
const month = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12));
const dayOfMonth = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31));

/** Each field's own shape, without defaults (a patch sends some of them). */
export const timeRuleDefinitionFields = {
  valid_from: LocalDateSchema,
  /** Last date an occurrence may start (inclusive); null: no end. */
  valid_to: v.nullable(LocalDateSchema),
  is_all_day: v.boolean(),
  /** Seconds of the local day the window opens (0 to 86399). */
  from: secondOfDay(SECONDS_IN_DAY - 1),
  /** Seconds of the local day it closes (1 to 86400); below `from`: on the next day (overnight). */
  to: secondOfDay(SECONDS_IN_DAY),
  repeat_mode: v.picklist(REPEAT_MODES),
  repeat_duration_mode: v.picklist(REPEAT_DURATION_MODES),
  repeat_duration_count: v.nullable(count),
  repeat_duration_until: v.nullable(LocalDateSchema),
  repeat_custom_mode: v.picklist(REPEAT_CUSTOM_MODES),
  /** Custom: months 1 to 12 it may occur in (empty: all; yearly needs at least one). */
  months: v.pipe(v.array(month), v.maxLength(12)),
  /** Custom weekly: the weekdays. */
  weekdays: v.pipe(v.array(v.picklist(WEEK_DAYS)), v.maxLength(7)),
  /** Custom monthly and yearly: days of the month (a month without that day is skipped). */
  days: v.pipe(v.array(dayOfMonth), v.maxLength(31)),
  /** Custom monthly and yearly: the Nth (or last) weekday of the month. */
  looper: v.nullable(LooperSchema),
  /** Only dates of `day_type` (project calendar) count. */
  use_day_types: v.boolean(),
  /** Custom daily: every Nth day (of `day_type` when use_day_types), counted from valid_from. */
  day_iteration: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(TIME_RULE_LIMITS.dayIterationMax)),
  day_type: v.picklist(TIME_RULE_DAY_TYPES),
};

/** The fields with their defaults (§3, §9); cross-field rules follow below. */
const f = timeRuleDefinitionFields;
export const timeRuleDefinitionEntries = {
  valid_from: f.valid_from,
  valid_to: v.optional(f.valid_to, null),
  is_all_day: v.optional(f.is_all_day, false),
  from: v.optional(f.from, TIME_RULE_DEFAULTS.from),
  to: v.optional(f.to, TIME_RULE_DEFAULTS.to),
  repeat_mode: v.optional(f.repeat_mode, TIME_RULE_DEFAULTS.repeatMode),
  repeat_duration_mode: v.optional(f.repeat_duration_mode, TIME_RULE_DEFAULTS.repeatDurationMode),
  repeat_duration_count: v.optional(f.repeat_duration_count, null),
  repeat_duration_until: v.optional(f.repeat_duration_until, null),
  repeat_custom_mode: v.optional(f.repeat_custom_mode, TIME_RULE_DEFAULTS.repeatCustomMode),
  months: v.optional(f.months, []),
  weekdays: v.optional(f.weekdays, []),
  days: v.optional(f.days, []),
  looper: v.optional(f.looper, null),
  use_day_types: v.optional(f.use_day_types, false),
  day_iteration: v.optional(f.day_iteration, TIME_RULE_DEFAULTS.dayIteration),
  day_type: v.optional(f.day_type, TIME_RULE_DEFAULTS.dayType),
};

const DefinitionObject = v.object(timeRuleDefinitionEntries);
export type TimeRuleDefinition = v.InferOutput<typeof DefinitionObject>;

/** Field errors of a whole definition beyond the shapes (section 5 style codes), keyed by field. */
export function definitionFieldErrors(d: TimeRuleDefinition): Record<string, { code: string }> {
  const errors: Record<string, { code: string }> = {};
  if (d.valid_to !== null && d.valid_to < d.valid_from) errors.valid_to = { code: 'time_order' };
  // Equal from and to would be an empty (or, read overnight, a 24 h) window: all-day says that.
  if (!d.is_all_day && d.from === d.to) errors.to = { code: 'time_order' };
  if (d.repeat_mode !== 'never') {
    if (d.repeat_duration_mode === 'count' && d.repeat_duration_count === null)
      errors.repeat_duration_count = { code: 'required' };
    if (d.repeat_duration_mode === 'until') {
      if (d.repeat_duration_until === null) errors.repeat_duration_until = { code: 'required' };
      else if (d.repeat_duration_until < d.valid_from) errors.repeat_duration_until = { code: 'time_order' };
    }
  }
  if (d.repeat_mode === 'custom') {
    const mode = d.repeat_custom_mode;
    if (mode === 'weekly' && d.weekdays.length === 0) errors.weekdays = { code: 'required' };
    if ((mode === 'monthly' || mode === 'yearly') && d.days.length === 0 && d.looper === null)
      errors.days = { code: 'one_required' };
    if (mode === 'yearly' && d.months.length === 0) errors.months = { code: 'required' };
  }
  return errors;
}

/** A definition as a save or the preview sends it: defaults filled, cross-field rules checked. */
export const TimeRuleDefinitionSchema = v.pipe(DefinitionObject, definitionRules<TimeRuleDefinition>());

/** The cross-field rules as a valibot action, for any object holding a whole definition. */
export function definitionRules<T extends TimeRuleDefinition>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [field, error] of Object.entries(definitionFieldErrors(dataset.value))) {
      addIssue({
        message: error.code,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value,
            key: field,
            value: dataset.value[field as keyof TimeRuleDefinition],
          },
        ],
      });
    }
  });
}

/** The definition's own keys, in order (to split a flat entity body into name/description and the JSON). */
export const TIME_RULE_DEFINITION_KEYS = Object.keys(timeRuleDefinitionEntries) as (keyof TimeRuleDefinition)[];
