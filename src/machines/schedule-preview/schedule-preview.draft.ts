import * as v from 'valibot';
import { SECONDS_IN_DAY, TIME_RULE_DEFAULTS } from '../../contract/constants';
import type { TimeRule } from '../../contract/entities/time-rule';
import type { FieldError } from '../../contract/errors';
import {
  definitionFieldErrors,
  type Looper,
  type RepeatCustomMode,
  type RepeatDurationMode,
  type RepeatMode,
  type TIME_RULE_DAY_TYPES,
  type TimeRuleDefinition,
  TimeRuleDefinitionSchema,
  timeRuleDefinitionEntries,
  WEEK_DAYS,
  type WeekDay,
} from '../../contract/time-rule-definition';
import type { FormValues } from '../entity-form/entity-form.definition';

/**
 * What the schedule editor edits, and how it becomes a time rule definition
 * (src/contract/time-rule-definition.ts). The form page saves it, the preview
 * machine previews it: one conversion, so what is previewed is what is saved.
 */
export interface ScheduleValues extends FormValues {
  name: string;
  description: string;
  /** YYYY-MM-DD of the project's zone. */
  valid_from: string;
  /** Blank: no end. */
  valid_to: string;
  is_all_day: boolean;
  /** HH:MM (or HH:MM:SS) of the project's zone. */
  from: string;
  /** HH:MM; below `from` ends the next day (overnight); 00:00 is midnight at the end of the day. */
  to: string;
  repeat_mode: RepeatMode;
  repeat_duration_mode: RepeatDurationMode;
  repeat_duration_count: string;
  repeat_duration_until: string;
  repeat_custom_mode: RepeatCustomMode;
  months: number[];
  weekdays: WeekDay[];
  days: number[];
  /** The looper's week of the month ('1'…'4', '-1' the last); blank: no looper. */
  looper_nth: string;
  looper_weekday: WeekDay;
  use_day_types: boolean;
  day_type: (typeof TIME_RULE_DAY_TYPES)[number];
  day_iteration: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds of the day as HH:MM (HH:MM:SS when the seconds are not zero); the day's end (86400) is 00:00. */
export function timeOfSeconds(seconds: number): string {
  const s = seconds % SECONDS_IN_DAY;
  const hms = `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}`;
  return s % 60 === 0 ? hms : `${hms}:${pad(s % 60)}`;
}

/** HH:MM[:SS] as seconds of the day; `end`: 00:00 is the end of the day. Unreadable: NaN (a field error). */
export function secondsOfTime(text: string, end = false): number {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || sec > 59) return Number.NaN;
  const seconds = h * 3600 + min * 60 + sec;
  return end && seconds === 0 ? SECONDS_IN_DAY : seconds;
}

/** A date as YYYY-MM-DD in the browser's calendar (a new schedule starts today). */
export const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A new schedule: from today, the default hours of §9, repeating never. */
export function emptySchedule(today: string): ScheduleValues {
  return {
    name: '',
    description: '',
    valid_from: today,
    valid_to: '',
    is_all_day: false,
    from: timeOfSeconds(TIME_RULE_DEFAULTS.from),
    to: timeOfSeconds(TIME_RULE_DEFAULTS.to),
    repeat_mode: TIME_RULE_DEFAULTS.repeatMode,
    repeat_duration_mode: TIME_RULE_DEFAULTS.repeatDurationMode,
    repeat_duration_count: '',
    repeat_duration_until: '',
    repeat_custom_mode: TIME_RULE_DEFAULTS.repeatCustomMode,
    months: [],
    weekdays: [],
    days: [],
    looper_nth: '',
    looper_weekday: 'mon',
    use_day_types: false,
    day_type: TIME_RULE_DEFAULTS.dayType,
    day_iteration: String(TIME_RULE_DEFAULTS.dayIteration),
  };
}

/** A stored schedule as the editor shows it. */
export function scheduleValuesOf(item: TimeRule): ScheduleValues {
  return {
    name: item.name,
    description: item.description ?? '',
    valid_from: item.valid_from,
    valid_to: item.valid_to ?? '',
    is_all_day: item.is_all_day,
    from: timeOfSeconds(item.from),
    to: timeOfSeconds(item.to),
    repeat_mode: item.repeat_mode,
    repeat_duration_mode: item.repeat_duration_mode,
    repeat_duration_count: item.repeat_duration_count === null ? '' : String(item.repeat_duration_count),
    repeat_duration_until: item.repeat_duration_until ?? '',
    repeat_custom_mode: item.repeat_custom_mode,
    months: item.months,
    weekdays: item.weekdays,
    days: item.days,
    looper_nth: item.looper ? String(item.looper.nth) : '',
    looper_weekday: item.looper?.weekday ?? 'mon',
    use_day_types: item.use_day_types,
    day_type: item.day_type,
    day_iteration: String(item.day_iteration),
  };
}

/** Every input of the editor. */
const SCHEDULE_KEYS = Object.keys(emptySchedule('2000-01-01'));

const blank = (text: string) => text.trim() === '';
/** A count typed as text: blank → null, digits → the number, anything else NaN (a field error). */
const count = (text: string) => (blank(text) ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The definition the values describe (unchecked: the contract's schema checks it). */
export function definitionOfValues(values: ScheduleValues): Record<string, unknown> {
  const looper: Looper | null =
    values.looper_nth === ''
      ? null
      : { nth: Number(values.looper_nth) as Looper['nth'], weekday: values.looper_weekday };
  return {
    valid_from: values.valid_from.trim(),
    valid_to: blank(values.valid_to) ? null : values.valid_to.trim(),
    is_all_day: values.is_all_day,
    from: secondsOfTime(values.from),
    to: secondsOfTime(values.to, true),
    repeat_mode: values.repeat_mode,
    repeat_duration_mode: values.repeat_duration_mode,
    repeat_duration_count: count(values.repeat_duration_count),
    repeat_duration_until: blank(values.repeat_duration_until) ? null : values.repeat_duration_until.trim(),
    repeat_custom_mode: values.repeat_custom_mode,
    months: [...values.months].sort((a, b) => a - b),
    weekdays: WEEK_DAYS.filter((d) => values.weekdays.includes(d)),
    days: [...values.days].sort((a, b) => a - b),
    looper,
    use_day_types: values.use_day_types,
    day_iteration: count(values.day_iteration) ?? Number.NaN,
    day_type: values.day_type,
  };
}

/** The definition when the values make a valid one (the preview's draft), else null. */
export function draftOf(values: FormValues): TimeRuleDefinition | null {
  // A form still loading its item has no values yet.
  if (!SCHEDULE_KEYS.every((key) => key in values)) return null;
  const parsed = v.safeParse(TimeRuleDefinitionSchema, definitionOfValues(values as ScheduleValues));
  return parsed.success ? parsed.output : null;
}

/**
 * The cross-field rules (§5 style codes) on the editor's inputs, when each field has its shape;
 * a PATCH's schema checks fields one by one, so the page checks the whole here too.
 */
export function definitionErrorsOf(values: ScheduleValues): Record<string, FieldError> {
  const parsed = v.safeParse(v.object(timeRuleDefinitionEntries), definitionOfValues(values));
  if (!parsed.success) return {};
  return definitionFieldErrors(parsed.output);
}
