import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import {
  AUDIT_EXPORT_FIELDS,
  type AuditChange,
  AuditChangeSchema,
  type AuditEvent,
} from '../../../src/contract/entities/audit-event';
import type { Filter } from '../../../src/contract/filters';
import { readJson } from '../../db/json';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { wrongParameters } from '../errors';

/**
 * The audit trail as /audit-events lists it (6.2 "view audit"): the caller's project's events,
 * newest first, with who acted (the user as they are now: users are never removed, only marked
 * deleted), filtered by user, entity, action, object, request, address and time.
 */
export function scopedAuditEvents(db: Kysely<Database>, auth: Auth) {
  return db.selectFrom('audit_events as a').where('a.project_id', '=', auth.projectId);
}

export const AUDIT_COLUMNS = {
  id: 'a.id',
  created_at: 'a.created_at',
  entity: 'a.entity',
  action: 'a.action',
  entity_id: 'a.entity_id',
  entity_key: 'a.entity_key',
  request_id: 'a.request_id',
  ip: 'a.ip',
} as const;

export const AUDIT_RELATIONS = {
  user: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`a.user_id in (${sql.join(ids as number[])})`;
    return ids === 'null' ? sql<SqlBool>`a.user_id is null` : sql<SqlBool>`a.user_id is not null`;
  },
};

const instant = (f: Filter) => {
  const value = String(f.value ?? '');
  if (Number.isNaN(Date.parse(value))) throw wrongParameters({ filters: { code: 'invalid' } });
  return new Date(value).toISOString();
};

/** The time range filters (date_from, date_to on the event's time). */
export const AUDIT_CONDITIONS = {
  date_from: (f: Filter): Expression<SqlBool> => sql<SqlBool>`a.created_at >= ${instant(f)}`,
  date_to: (f: Filter): Expression<SqlBool> => sql<SqlBool>`a.created_at <= ${instant(f)}`,
};

export function selectAuditEvents(q: ReturnType<typeof scopedAuditEvents>) {
  return q
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.created_at',
      'a.user_id',
      'u.name as user_name',
      'u.login as user_login',
      'a.ip',
      'a.request_id',
      'a.call',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.entity_key',
      'a.changes',
      'a.details',
    ]);
}
export type AuditRow = RowOf<ReturnType<typeof selectAuditEvents>>;

const ChangesSchema = v.array(AuditChangeSchema);
const DetailsSchema = v.record(v.string(), v.unknown());

export function toAuditEvents(rows: AuditRow[]): AuditEvent[] {
  return rows.map((r) => {
    const changes = readJson(r.changes, ChangesSchema, []);
    return {
      id: Number(r.id),
      created_at: r.created_at,
      user: r.user_id ? { id: Number(r.user_id), name: r.user_name ?? '', login: r.user_login ?? null } : null,
      ip: r.ip,
      request_id: r.request_id,
      call: r.call,
      action: r.action,
      entity: r.entity,
      entity_id: r.entity_id === null ? null : Number(r.entity_id),
      entity_key: r.entity_key,
      fields: changes.map((c) => c.field),
      changes,
      details: readJson(r.details, DetailsSchema, {}),
    };
  });
}

/** A list row: the event without its values (the names of the fields it changed). */
export function toAuditRows(rows: AuditRow[]) {
  return toAuditEvents(rows).map(({ changes: _, details: __, ...row }) => row);
}

const text = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** A change as one line of the export: `field: before → after` (a secret: `field: changed`). */
export const changeLine = (c: AuditChange) =>
  c.secret ? `${c.field}: (secret changed)` : `${c.field}: ${text(c.before)} → ${text(c.after)}`;

export const AUDIT_EXPORT_COLUMNS = Object.fromEntries(
  AUDIT_EXPORT_FIELDS.map((field) => [
    field,
    (event: AuditEvent): unknown => {
      if (field === 'user') return event.user ? `${event.user.name} (${event.user.login ?? event.user.id})` : '';
      if (field === 'changes') return event.changes.map(changeLine).join('\n');
      return event[field];
    },
  ]),
) as Record<(typeof AUDIT_EXPORT_FIELDS)[number], (event: AuditEvent) => unknown>;
