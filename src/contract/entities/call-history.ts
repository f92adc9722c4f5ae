import * as v from 'valibot';
import { DIALER_HISTORY_PAGE } from '../constants';

/** Call outcomes in history (4): each incoming or outgoing. */
export const CALL_OUTCOMES = ['answered', 'cancel', 'busy', 'noanswer', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

const Party = v.object({ number: v.string(), user_name: v.nullable(v.string()) });

/**
 * One row of the dialer history of a number (GET /calls/history/dialer/{number}):
 * `type` is relative to the asking number.
 */
export const DialerHistoryItemSchema = v.object({
  id: v.number(),
  from: Party,
  to: Party,
  status: v.picklist(CALL_OUTCOMES),
  /** Seconds. */
  duration: v.number(),
  created_at: v.string(),
  type: v.picklist(['incoming', 'outgoing']),
});
export type DialerHistoryItem = v.InferOutput<typeof DialerHistoryItemSchema>;

/** Query of the dialer history: page 1, size 50 (9). */
export const DialerHistoryQuerySchema = v.object({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), DIALER_HISTORY_PAGE.page),
  size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), DIALER_HISTORY_PAGE.size),
});

/** GET /calls/history/dialer/{number} answer. */
export const DialerHistorySchema = v.object({ items: v.array(DialerHistoryItemSchema), total: v.number() });
export type DialerHistory = v.InferOutput<typeof DialerHistorySchema>;
