import type { FastifyInstance } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import { alarmCallsEntity, deviceAlarmsEntity } from '../../../src/contract/entities/device-alarm';
import { deviceEventsEntity } from '../../../src/contract/entities/device-event';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import { DEVICE_ALARMS_TOPIC, DEVICE_EVENTS_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { announceAlarmChanges } from '../../domain/devices/alarm-notify';
import {
  ALARM_COLUMNS,
  ALARM_RELATIONS,
  alarmLog,
  deleteAlarms,
  processAlarm,
  readAlarm,
  scopedAlarms,
  selectAlarms,
  toAlarms,
} from '../../domain/devices/alarms';
import {
  EVENT_COLUMNS,
  EVENT_CONDITIONS,
  EVENT_EXPORT_COLUMNS,
  EVENT_RELATIONS,
  scopedEvents,
  selectEvents,
  toEvents,
} from '../../domain/devices/device-events';
import { CALL_COLUMNS, scopedCalls, selectCalls, toCalls } from '../../domain/telephony/call-history';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

const holds = (permissions: readonly Permission[], p: Permission) => hasPermission(permissions, p);

/**
 * Device events (7.4: list, download), device alarms (`/alarms`: list, item, log, process,
 * delete) and the SOS and alarm calls of /devices/alarms-calls; the realtime topics their pages
 * listen to. Ingestion itself is domain/devices/event-ingest.ts, wired by the app.
 */
export async function deviceEventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  ctx.realtime.authorize(
    DEVICE_EVENTS_TOPIC,
    (auth, rest) => rest === '' && holds(auth.role.permissions, 'devices.view_events'),
  );
  ctx.realtime.authorize(
    DEVICE_ALARMS_TOPIC,
    (auth, rest) => rest === '' && holds(auth.role.permissions, 'device_alarms.view'),
  );

  registerEntityCalls(app, {
    entity: deviceEventsEntity,
    scoped: (auth) => scopedEvents(ctx.db, auth),
    select: selectEvents,
    columns: EVENT_COLUMNS,
    relations: EVENT_RELATIONS,
    conditions: EVENT_CONDITIONS,
    idColumn: 'e.id',
    toItems: async (rows) => toEvents(rows),
    exportColumns: EVENT_EXPORT_COLUMNS,
  });

  // SOS calls, and calls placed from a device's number (a panel's call button, a monitor's SOS key).
  registerEntityCalls(app, {
    entity: alarmCallsEntity,
    scoped: (auth) =>
      scopedCalls(ctx.db, auth).where(
        sql<SqlBool>`(h.is_sos = 1 or h.from_number in (select sn.number from sip_numbers sn
          where sn.project_id = ${auth.projectId} and sn.device_id is not null))`,
      ),
    select: selectCalls,
    columns: CALL_COLUMNS,
    idColumn: 'h.id',
    toItems: (rows, auth) => toCalls(ctx.db, auth, rows),
  });

  registerEntityCalls(app, {
    entity: deviceAlarmsEntity,
    scoped: (auth) => scopedAlarms(ctx.db, auth),
    select: selectAlarms,
    columns: ALARM_COLUMNS,
    relations: ALARM_RELATIONS,
    idColumn: 'a.id',
    toItems: async (rows) => toAlarms(rows),
    remove: (_, ids) => deleteAlarms(ctx.db, ids),
  });
  registerCall(app, 'GET /alarms/{id}/log', async ({ params }) => ({ data: await alarmLog(ctx.db, params.id) }));
  registerCall(app, 'POST /alarms/{id}/process', async ({ auth, params, body }) => {
    const change = await processAlarm(ctx.db, auth, params.id, body.comment);
    void announceAlarmChanges(ctx, [change]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'alarm notifications not sent'),
    );
    return { data: await readAlarm(ctx.db, auth, params.id) };
  });
}
