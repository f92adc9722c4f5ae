import * as v from 'valibot';
import { defineEntity } from '../entity';

/**
 * Audit events (6.2 "view audit", 2.1 /audit-events): what was written through the contract's
 * calls, by whom, when, from where, through which call (and request), and the before and after
 * values of each field it changed. Secrets (passwords, tokens, hashes) are recorded as changed,
 * never with their values (docs/decisions.md, Audit). Only the project's own events are listed.
 */
export const AuditChangeSchema = v.object({
  /** The field, dotted for nested ones (`sip.password`). */
  field: v.string(),
  /** JSON values; absent (null) before a create and after a delete. */
  before: v.unknown(),
  after: v.unknown(),
  /** A secret: it changed, and its values are not kept. */
  secret: v.optional(v.boolean()),
});
export type AuditChange = v.InferOutput<typeof AuditChangeSchema>;

const UserRefSchema = v.object({ id: v.number(), name: v.string(), login: v.nullable(v.string()) });

const common = {
  id: v.number(),
  created_at: v.string(),
  /** Who acted (null: the system, or a user no longer there). */
  user: v.nullable(UserRefSchema),
  /** The client's address as the server saw it (TRUST_PROXY applied). */
  ip: v.nullable(v.string()),
  /** Ties the event to the server log and to the other objects of the same call. */
  request_id: v.nullable(v.string()),
  /** The call, e.g. `PATCH /users/{id}`. */
  call: v.nullable(v.string()),
  action: v.string(),
  entity: v.string(),
  entity_id: v.nullable(v.number()),
  /** The object's label when it was acted on (name, login, number, address). */
  entity_key: v.nullable(v.string()),
};

/** A row of the list: the changed fields by name. */
export const AuditEventRowSchema = v.object({ ...common, fields: v.array(v.string()) });
export type AuditEventRow = v.InferOutput<typeof AuditEventRowSchema>;

/** One event: the changes with their values, and what else the call said (its body, its answer's counts). */
export const AuditEventSchema = v.object({
  ...common,
  fields: v.array(v.string()),
  changes: v.array(AuditChangeSchema),
  details: v.record(v.string(), v.unknown()),
});
export type AuditEvent = v.InferOutput<typeof AuditEventSchema>;

const ReadOnlySchema = v.object({});

export const auditEventsEntity = defineEntity({
  name: 'audit_events',
  path: '/audit-events',
  exportable: true,
  access: { view: ['audit.view'] },
  item: AuditEventSchema,
  listItem: AuditEventRowSchema,
  create: ReadOnlySchema,
  patch: ReadOnlySchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    user: { kind: 'relation', filterable: true },
    entity: { kind: 'enum', sortable: true, filterable: true },
    action: { kind: 'enum', sortable: true, filterable: true },
    entity_id: { kind: 'number', filterable: true },
    request_id: { kind: 'text', filterable: true },
    ip: { kind: 'text', filterable: true },
    /** The time range of the page's filters (ISO instants, inclusive, on `created_at`). */
    date_from: { kind: 'date', filterable: true },
    date_to: { kind: 'date', filterable: true },
  },
  search: ['entity_key'],
  with: [],
  defaultSort: ['-created_at'],
});

/** Columns of the export: one row per event, its changes as `field: before → after` lines. */
export const AUDIT_EXPORT_FIELDS = [
  'id',
  'created_at',
  'user',
  'ip',
  'request_id',
  'call',
  'entity',
  'entity_id',
  'entity_key',
  'action',
  'changes',
] as const;

/** How long events are kept by default (AUDIT_RETENTION_DAYS; docs/decisions.md, Audit). */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;
