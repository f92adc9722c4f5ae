import * as v from 'valibot';
import { NAME_LENGTH, TIME_RULE_LIMITS } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import {
  definitionRules,
  LocalDateSchema,
  PROJECT_DAY_TYPES,
  timeRuleDefinitionEntries,
  timeRuleDefinitionFields,
} from '../time-rule-definition';

/**
 * Schedules (time rules, doc 1 §3, 6.2): a name and description plus the recurrence of
 * src/contract/time-rule-definition.ts, every field flat. `access_rules` (read only) names the
 * access rules using it; `next_occurrence` is the next (or current) window in the project's zone.
 * Scopes: schedules.view_all → every schedule of the project; schedules.view → the ones the caller
 * created (docs/decisions.md, Access management › Schedules).
 */
const ref = v.object({ id: v.number(), name: v.string() });
const OccurrenceSchema = v.object({ from: v.string(), to: v.string() });

export const TimeRuleSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  ...timeRuleDefinitionFields,
  access_rules: v.array(ref),
  next_occurrence: v.nullable(OccurrenceSchema),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type TimeRule = v.InferOutput<typeof TimeRuleSchema>;

const name = v.pipe(v.string(), v.trim(), v.minLength(NAME_LENGTH.min), v.maxLength(NAME_LENGTH.max));
const description = v.nullable(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(1000),
    v.transform((s) => (s === '' ? null : s)),
  ),
);

export const TimeRuleCreateSchema = v.pipe(
  v.object({ name, description: v.optional(description, null), ...timeRuleDefinitionEntries }),
  definitionRules(),
);
export type TimeRuleCreate = v.InferOutput<typeof TimeRuleCreateSchema>;

/** A patch: any of the fields; the server checks the merged definition with the same rules. */
export const TimeRulePatchSchema = v.partial(v.object({ name, description, ...timeRuleDefinitionFields }));
export type TimeRulePatch = v.InferOutput<typeof TimeRulePatchSchema>;

export const timeRulesEntity = defineEntity({
  name: 'time_rules',
  path: '/time-rules',
  access: {
    view: ['schedules.view', 'schedules.view_all'],
    create: ['schedules.create'],
    edit: ['schedules.edit'],
    delete: ['schedules.delete'],
  },
  item: TimeRuleSchema,
  create: TimeRuleCreateSchema,
  patch: TimeRulePatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    access_rules: { kind: 'relation', filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});

export const TimeRuleListSchema = listAnswer(TimeRuleSchema);

// ---- The editor's preview ----

/** POST /time-rules/occurrences: a draft definition, an instant to start from, how many. */
export const OccurrencesRequestSchema = v.object({
  definition: v.pipe(v.object(timeRuleDefinitionEntries), definitionRules()),
  /** ISO instant; default now. */
  from: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp()))),
  count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(TIME_RULE_LIMITS.occurrencesMax)), 5),
});
export type OccurrencesRequest = v.InferOutput<typeof OccurrencesRequestSchema>;
export const OccurrencesSchema = v.object({
  data: v.object({ time_zone: v.string(), items: v.array(OccurrenceSchema) }),
});

// ---- The project's day calendar ----

export const ProjectDaySchema = v.object({
  date: v.string(),
  day_type: v.picklist(PROJECT_DAY_TYPES),
  name: v.nullable(v.string()),
});
export type ProjectDay = v.InferOutput<typeof ProjectDaySchema>;
export const ProjectDayInputSchema = v.object({
  date: LocalDateSchema,
  day_type: v.picklist(PROJECT_DAY_TYPES),
  name: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(NAME_LENGTH.max * 2))), null),
});
export type ProjectDayInput = v.InferOutput<typeof ProjectDayInputSchema>;
export const ProjectDaysQuerySchema = v.object({
  /** Only dates of this year (the calendar page shows a year at a time). */
  year: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/), v.transform(Number))),
});
export const ProjectDaysSchema = v.object({ data: v.array(ProjectDaySchema) });
export const ProjectDayParamsSchema = v.object({ date: LocalDateSchema });
