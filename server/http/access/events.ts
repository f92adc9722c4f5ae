import type { FastifyInstance } from 'fastify';
import { accessEventsEntity } from '../../../src/contract/entities/access-event';
import { hasPermission } from '../../../src/contract/permissions';
import { ACCESS_EVENTS_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import {
  ACCESS_EVENT_COLUMNS,
  ACCESS_EVENT_CONDITIONS,
  ACCESS_EVENT_EXPORT_COLUMNS,
  ACCESS_EVENT_RELATIONS,
  scopedAccessEvents,
  selectAccessEvents,
  toAccessEvents,
} from '../../domain/access/events/access-events';
import { registerEntityCalls } from '../plumbing/entity-routes';

/**
 * Access-control events (7.5 "ACS logs and download"): the list and its download, and the
 * realtime topic the page listens to. The rows are written by the device events' ingestion
 * (domain/access/events/record.ts).
 */
export async function accessEventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  ctx.realtime.authorize(
    ACCESS_EVENTS_TOPIC,
    (auth, rest) => rest === '' && hasPermission(auth.role.permissions, 'system.view_acs_events'),
  );
  registerEntityCalls(app, {
    entity: accessEventsEntity,
    scoped: (auth) => scopedAccessEvents(ctx.db, auth),
    select: selectAccessEvents,
    columns: ACCESS_EVENT_COLUMNS,
    relations: ACCESS_EVENT_RELATIONS,
    conditions: ACCESS_EVENT_CONDITIONS,
    idColumn: 'a.id',
    toItems: async (rows) => toAccessEvents(rows),
    exportColumns: ACCESS_EVENT_EXPORT_COLUMNS,
  });
}
