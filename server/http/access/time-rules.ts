import type { FastifyInstance } from 'fastify';
import { timeRulesEntity } from '../../../src/contract/entities/time-rule';
import type { AppContext } from '../../context';
import { projectCalendar } from '../../domain/access/schedule/calendar';
import { nextOccurrences } from '../../domain/access/schedule/evaluate';
import { deleteProjectDay, listProjectDays, putProjectDay } from '../../domain/access/schedules/project-days';
import { createTimeRule, deleteTimeRules, updateTimeRule } from '../../domain/access/schedules/time-rule-writes';
import {
  scopedTimeRules,
  selectTimeRules,
  TIME_RULE_COLUMNS,
  TIME_RULE_RELATIONS,
  toTimeRules,
} from '../../domain/access/schedules/time-rules';
import { devicesForSchedule, devicesOfScheduledRules } from '../../domain/access/sync/affected';
import { requestAccessSync } from '../../domain/access/sync/request';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** Schedules (time rules): the entity, the editor's preview of occurrences, the project's day calendar. */
export async function timeRuleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Doors hold the schedules their rules use, with the project's calendar: a schedule edited or a
  // day marked is sent again to exactly those doors (deduplicated by the sync).
  const syncSchedules = (projectId: number, devices: number[]) =>
    requestAccessSync(ctx, projectId, devices, ['schedules']).catch((error: unknown) =>
      app.log.warn({ err: error }, 'schedule sync not requested'),
    );
  registerEntityCalls(app, {
    entity: timeRulesEntity,
    scoped: (auth) => scopedTimeRules(ctx.db, auth),
    select: selectTimeRules,
    columns: TIME_RULE_COLUMNS,
    relations: TIME_RULE_RELATIONS,
    idColumn: 't.id',
    toItems: (rows, auth) => toTimeRules(ctx.db, auth, rows),
    create: (auth, body) => createTimeRule(ctx.db, auth, body),
    patch: async (auth, id, body) => {
      await updateTimeRule(ctx.db, id, body);
      await syncSchedules(auth.projectId, await devicesForSchedule(ctx.db, id));
    },
    remove: (_, ids) => deleteTimeRules(ctx.db, ids),
  });
  registerCall(app, 'POST /time-rules/occurrences', async ({ auth, body }) => {
    const calendar = await projectCalendar(ctx.db, auth.projectId);
    const from = body.from ? new Date(body.from) : new Date();
    return {
      data: { time_zone: calendar.timeZone, items: nextOccurrences(body.definition, from, calendar, body.count) },
    };
  });
  registerCall(app, 'GET /time-rules/days/items', async ({ auth, query }) => ({
    data: await listProjectDays(ctx.db, auth, query.year),
  }));
  registerCall(app, 'PUT /time-rules/days', async ({ auth, body }) => {
    const data = await putProjectDay(ctx.db, auth, body);
    await syncSchedules(auth.projectId, await devicesOfScheduledRules(ctx.db, auth.projectId));
    return { data };
  });
  registerCall(app, 'DELETE /time-rules/days/{date}', async ({ auth, params }) => {
    await deleteProjectDay(ctx.db, auth, params.date);
    await syncSchedules(auth.projectId, await devicesOfScheduledRules(ctx.db, auth.projectId));
    return { data: true as const };
  });
}
