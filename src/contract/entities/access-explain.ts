import * as v from 'valibot';
import { IdSchema } from '../ids';

/**
 * GET /access/explain (issue 12): may this user or identifier pass this door (device and lock) at
 * this instant, and why — the decision, a stable reason code and the chain of rules behind it.
 */

const queryId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), IdSchema);

export const AccessExplainQuerySchema = v.object({
  user_id: v.optional(queryId),
  identifier_id: v.optional(queryId),
  identifier_type: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(32))),
  identifier_value: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(255))),
  device_id: queryId,
  lock: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number))),
  /** An ISO instant; now when absent. */
  at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type AccessExplainQuery = v.InferOutput<typeof AccessExplainQuerySchema>;

export const ACCESS_DECISION_REASONS = [
  'granted',
  'unknown_identifier',
  'unknown_user',
  'inactive',
  'revoked',
  'user_disabled',
  'not_yet_valid',
  'expired',
  'pass_limit',
  'prohibited',
  'schedule_closed',
  'no_rule',
] as const;

const ref = v.object({ id: v.number(), name: v.string() });

const ScheduleVerdictSchema = v.object({
  open: v.boolean(),
  reason: v.string(),
  occurrence: v.optional(v.object({ from: v.string(), to: v.string() })),
  day_type: v.picklist(['day', 'workday', 'holiday']),
  local_date: v.string(),
});

export const AccessExplainSchema = v.object({
  granted: v.boolean(),
  reason: v.picklist(ACCESS_DECISION_REASONS),
  at: v.string(),
  device: ref,
  lock: v.number(),
  user: v.nullable(ref),
  identifier: v.nullable(
    v.object({ id: v.number(), type: v.string(), value: v.string(), name: v.nullable(v.string()) }),
  ),
  chain: v.array(
    v.object({
      /** Null name: a rule the caller may not see (it still counts). */
      rule: v.object({ id: v.number(), name: v.nullable(v.string()) }),
      prohibition: v.boolean(),
      via: v.object({ kind: v.picklist(['identifier', 'user', 'group']), group: v.optional(ref) }),
      covers_door: v.boolean(),
      open: v.nullable(v.boolean()),
      schedules: v.array(
        v.object({
          schedule: v.object({ id: v.number(), name: v.nullable(v.string()) }),
          verdict: v.nullable(ScheduleVerdictSchema),
          missing: v.boolean(),
        }),
      ),
    }),
  ),
});
export type AccessExplain = v.InferOutput<typeof AccessExplainSchema>;
