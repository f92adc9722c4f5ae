import * as v from 'valibot';
import { defineEntity } from '../entity';
import { ACCESS_DECISION_REASONS } from './access-explain';
import { IDENTIFIER_OWNER_TYPES, IDENTIFIER_TYPES } from './identifier';

/**
 * Access-control events (ACS; doc 1 §2.1 /access-control/events, doc 2 §6.2
 * system.view_acs_events, §7.5 "access-control (ACS) logs and download"): every access decision
 * a door reported, as it was decided. `GET /access-control/events/items` lists them (newest
 * first), `GET /access-control/events/export` downloads them (.xlsx, same filters).
 *
 * Each row says when, at which door (device and lock; a lift's reader gives a floor), who (the
 * identifier's holder then: a user or a guest; nobody for an unknown identifier), which identifier
 * (its type and value as the caller may see it: masked unless the caller may see that identifier),
 * granted or denied, and why (`reason`: a decision reason code, `granted` when it opened).
 */

/** Reasons a door gives; a newer device may send others (shown as their code). */
export const ACCESS_EVENT_REASONS = ACCESS_DECISION_REASONS.filter((r) => r !== 'unknown_user');
export type AccessEventReason = (typeof ACCESS_EVENT_REASONS)[number];

/** The filter values of the result: granted or denied (`granted` true / false). */
export const ACCESS_EVENT_RESULTS = ['granted', 'denied'] as const;

/** A masked value's shape: bullets, then the value's last 4 characters for long values. */
export const MASK = '••••';

const ref = v.object({ id: v.number(), name: v.string() });

export const AccessEventIdentifierSchema = v.object({
  /** Null when the identifier is unknown here, or the caller may not see it. */
  id: v.nullable(v.number()),
  /** Null when the reader gave a bare value that names no identifier. */
  type: v.nullable(v.picklist(IDENTIFIER_TYPES)),
  /** The stored value (or as read); masked when the caller may not see the identifier. */
  value: v.string(),
  /** A chip number in hex (card, ukey, ukey2), unless masked. */
  value_hex: v.nullable(v.string()),
  name: v.nullable(v.string()),
  masked: v.boolean(),
});
export type AccessEventIdentifier = v.InferOutput<typeof AccessEventIdentifierSchema>;

export const AccessEventSchema = v.object({
  id: v.number(),
  /** The door's clock. */
  occurred_at: v.string(),
  received_at: v.string(),
  device: ref,
  lock: v.nullable(v.number()),
  floor: v.nullable(v.number()),
  granted: v.boolean(),
  /** `granted`, or the door's reason code (ACCESS_EVENT_REASONS, or a newer device's own). */
  reason: v.string(),
  /** The identifier's holder then: owner (a user), guest, or null (unknown identifier). */
  holder_type: v.nullable(v.picklist(IDENTIFIER_OWNER_TYPES)),
  /** The holding user (name as it was then). */
  user: v.nullable(ref),
  identifier: AccessEventIdentifierSchema,
});
export type AccessEvent = v.InferOutput<typeof AccessEventSchema>;

const ReadOnlySchema = v.object({});

export const accessEventsEntity = defineEntity({
  name: 'access_events',
  path: '/access-control/events',
  listOnly: true,
  exportable: true,
  access: { view: ['system.view_acs_events'] },
  item: AccessEventSchema,
  create: ReadOnlySchema,
  patch: ReadOnlySchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    occurred_at: { kind: 'date', sortable: true, filterable: true },
    received_at: { kind: 'date', sortable: true, filterable: true },
    device: { kind: 'relation', filterable: true },
    lock: { kind: 'number', filterable: true },
    user: { kind: 'relation', filterable: true },
    identifier: { kind: 'relation', filterable: true },
    identifier_type: { kind: 'enum', filterable: true },
    /** Matches only values the caller may see (a masked value is no oracle). */
    identifier_value: { kind: 'text', filterable: true },
    holder_type: { kind: 'enum', filterable: true },
    granted: { kind: 'boolean', sortable: true, filterable: true },
    /** granted / denied: the console's result filter (same as `granted` true / false). */
    result: { kind: 'enum', filterable: true },
    reason: { kind: 'enum', sortable: true, filterable: true },
    /** The time range of the page's filters (ISO instants, inclusive, on `occurred_at`). */
    date_from: { kind: 'date', filterable: true },
    date_to: { kind: 'date', filterable: true },
  },
  search: ['device_name', 'user_name', 'identifier_name'],
  with: [],
  defaultSort: ['-occurred_at'],
});

/** Columns of the download, in order. */
export const ACCESS_EVENT_EXPORT_FIELDS = [
  'id',
  'occurred_at',
  'device',
  'lock',
  'floor',
  'result',
  'reason',
  'holder_type',
  'user',
  'identifier_type',
  'identifier_value',
  'identifier_name',
  'received_at',
] as const;

/** How a value reads when the caller may not see its identifier: codes wholly hidden, others by their last 4. */
export function maskIdentifierValue(type: string | null, value: string): string {
  if (type === 'code' || value.length <= 6) return MASK;
  return `${MASK}${value.slice(-4)}`;
}
