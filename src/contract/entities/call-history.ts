import * as v from 'valibot';
import { DIALER_HISTORY_PAGE } from '../constants';
import { defineEntity } from '../entity';
import { LIST_MAX_PAGE_SIZE, listAnswer, PageParamSchema } from '../filters';

/**
 * Call history (4, 6.2, 7.6): one row per call, written by the SIP server when
 * a call ends; read-only here. Outcomes answered, cancel, busy, noanswer,
 * failed; each call is incoming or outgoing as seen from a number.
 */
export const CALL_OUTCOMES = ['answered', 'cancel', 'busy', 'noanswer', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
/** normal: a direct SIP call; awaiting: a call queued on the server for concierges. */
export const CALL_TYPES = ['normal', 'awaiting'] as const;
export const CALL_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

const ref = v.object({ id: v.number(), name: v.string() });

/** One end of a call: the number, and who held it (the user at the time, else the number's current holder). */
export const CallPartySchema = v.object({
  number: v.string(),
  user: v.nullable(ref),
  /** A readable name: the user's, else the device's or group's holding the number. */
  name: v.nullable(v.string()),
});

export const CallHistoryItemSchema = v.object({
  id: v.number(),
  speech_id: v.string(),
  from: CallPartySchema,
  to: CallPartySchema,
  /** The number that answered (a concierge for an awaiting call). */
  answered_by: v.nullable(v.string()),
  status: v.picklist(CALL_OUTCOMES),
  type: v.picklist(CALL_TYPES),
  is_sos: v.boolean(),
  /** Seconds between answer and end. */
  duration: v.number(),
  started_at: v.string(),
  answered_at: v.nullable(v.string()),
  ended_at: v.nullable(v.string()),
  created_at: v.string(),
});
export type CallHistoryItem = v.InferOutput<typeof CallHistoryItemSchema>;

/** Nothing is written through the console: the SIP server records calls. */
const ReadOnlySchema = v.object({});

/**
 * GET /calls/history/items. Besides the columns, three computed filters:
 * `number` (from or to the number), `direction` (incoming / outgoing as seen
 * from the `number` filter, else from the caller's own numbers) and the date
 * range `date_from` / `date_to` (ISO instants, inclusive, on `started_at`).
 */
export const callHistoryEntity = defineEntity({
  name: 'call_history',
  path: '/calls/history',
  access: { view: ['calls.view_history'] },
  item: CallHistoryItemSchema,
  create: ReadOnlySchema,
  patch: ReadOnlySchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    status: { kind: 'enum', sortable: true, filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    is_sos: { kind: 'boolean', sortable: true, filterable: true },
    duration: { kind: 'number', sortable: true, filterable: true },
    from_number: { kind: 'text', sortable: true, filterable: true },
    to_number: { kind: 'text', sortable: true, filterable: true },
    answered_by: { kind: 'text', sortable: true, filterable: true },
    started_at: { kind: 'date', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    number: { kind: 'text', filterable: true },
    direction: { kind: 'enum', filterable: true },
    date_from: { kind: 'date', filterable: true },
    date_to: { kind: 'date', filterable: true },
  },
  search: ['from_number', 'to_number', 'from_name', 'to_name'],
  with: [],
  defaultSort: ['-started_at'],
});

export const CallHistoryListSchema = listAnswer(CallHistoryItemSchema);

/** One end of a call as the dialer's recents show it. */
export const DialerPartySchema = v.object({ number: v.string(), user_name: v.nullable(v.string()) });

/** GET /calls/history/dialer/{number} item, relative to the asking number. */
export const DialerHistoryItemSchema = v.object({
  id: v.number(),
  from: DialerPartySchema,
  to: DialerPartySchema,
  status: v.picklist(CALL_OUTCOMES),
  duration: v.number(),
  created_at: v.string(),
  /** incoming when the asking number was called, outgoing when it called. */
  type: v.picklist(CALL_DIRECTIONS),
});
export type DialerHistoryItem = v.InferOutput<typeof DialerHistoryItemSchema>;

const pageNumber = PageParamSchema;
/** Query of the dialer history: page 1 and size 50 unless asked otherwise (9). */
export const DialerHistoryQuerySchema = v.object({
  page: v.optional(pageNumber, String(DIALER_HISTORY_PAGE.page)),
  size: v.optional(v.pipe(pageNumber, v.maxValue(LIST_MAX_PAGE_SIZE)), String(DIALER_HISTORY_PAGE.size)),
});

export const DialerHistorySchema = v.object({ items: v.array(DialerHistoryItemSchema), total: v.number() });
export type DialerHistory = v.InferOutput<typeof DialerHistorySchema>;
