import type { FastifyInstance } from 'fastify';
import { auditEventsEntity } from '../../../src/contract/entities/audit-event';
import type { AppContext } from '../../context';
import {
  AUDIT_COLUMNS,
  AUDIT_CONDITIONS,
  AUDIT_EXPORT_COLUMNS,
  AUDIT_RELATIONS,
  scopedAuditEvents,
  selectAuditEvents,
  toAuditEvents,
  toAuditRows,
} from '../../domain/audit/audit-list';
import { registerEntityCalls } from '../plumbing/entity-routes';

/** The audit trail (6.2 "view audit"): list, one event with its changes, the export. */
export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEntityCalls(app, {
    entity: auditEventsEntity,
    scoped: (auth) => scopedAuditEvents(ctx.db, auth),
    select: selectAuditEvents,
    columns: AUDIT_COLUMNS,
    relations: AUDIT_RELATIONS,
    conditions: AUDIT_CONDITIONS,
    idColumn: 'a.id',
    toItems: async (rows) => toAuditEvents(rows),
    list: { select: selectAuditEvents, toItems: async (rows) => toAuditRows(rows as never) },
    exportColumns: AUDIT_EXPORT_COLUMNS,
  });
}
