import { anyOf, defineCalls, envelope, OkSchema } from '../call';
import {
  OccurrencesRequestSchema,
  OccurrencesSchema,
  ProjectDayInputSchema,
  ProjectDayParamsSchema,
  ProjectDaySchema,
  ProjectDaysQuerySchema,
  ProjectDaysSchema,
  timeRulesEntity,
} from '../entities/time-rule';
import { entityCalls } from '../entity';

/**
 * Schedules (7.5 time-rules): the entity, the editor's preview of next occurrences, and the
 * project's day calendar (holidays and moved workdays) that day types read.
 */
export const TIME_RULE_CALLS = defineCalls({
  ...entityCalls(timeRulesEntity),
  // Whoever edits or creates schedules previews a draft; nothing is stored.
  'POST /time-rules/occurrences': {
    audit: false,
    access: anyOf(['schedules.create', 'schedules.edit', 'schedules.view', 'schedules.view_all']),
    body: OccurrencesRequestSchema,
    response: OccurrencesSchema,
  },
  'GET /time-rules/days/items': {
    access: anyOf(['schedules.view', 'schedules.view_all']),
    query: ProjectDaysQuerySchema,
    response: ProjectDaysSchema,
  },
  'PUT /time-rules/days': {
    access: anyOf(['schedules.edit']),
    body: ProjectDayInputSchema,
    response: envelope(ProjectDaySchema),
  },
  'DELETE /time-rules/days/{date}': {
    access: anyOf(['schedules.edit']),
    params: ProjectDayParamsSchema,
    response: OkSchema,
  },
});
