import { type TimeRule, TimeRuleCreateSchema, TimeRulePatchSchema } from '../../contract/entities/time-rule';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';
import {
  definitionErrorsOf,
  definitionOfValues,
  emptySchedule,
  localDate,
  type ScheduleValues,
  scheduleValuesOf,
} from '../../machines/schedule-preview/schedule-preview.draft';

/**
 * The schedule editor (doc 1 §3 "Time rule"): name and description, then the whole recurrence
 * sent flat (every field, defaults included) — what the preview shows is what is saved. The
 * cross-field rules run on a PATCH too (its schema checks fields one by one).
 */
export const scheduleForm: EntityFormDefinition<ScheduleValues, TimeRule> = {
  empty: () => emptySchedule(localDate(new Date())),
  fromItem: scheduleValuesOf,
  kinds: { name: 'requiredText', description: 'text' },
  finish: (body, _mode, values) => ({ ...body, ...definitionOfValues(values) }),
  schemas: { create: TimeRuleCreateSchema, patch: TimeRulePatchSchema },
  check: (values) => definitionErrorsOf(values),
  // looper.nth / looper.weekday → the looper's inputs.
  fieldOf: (path) => (path.startsWith('looper') ? 'looper_nth' : (path.split('.')[0] ?? path)),
};
