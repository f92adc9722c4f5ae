import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { GROUP_USERS_PLACEHOLDER } from '../../../src/contract/entities/project-settings';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { isAwaitingNumber, type SipNumberInfo } from '../../sip/directory';
import { domainForwardRules } from '../project/sip-settings';

/**
 * What the proxy does with a call the callee does not take (call forwarding,
 * sections 3 and 9): the forward rules of the callee's number, as stages of
 * numbers to ring one after another. A virtual number forwards by its own rule
 * sets (`manual`: after the no-answer timeout, and on failure) or by its forward
 * group (`picked`); `disabled` does not forward.
 */

/** Forward defaults of section 9, in seconds. */
export const FORWARD_TIMEOUTS = { ruleSet: 60, noAnswer: 60, error: 10 } as const;

/** One rule set that applies now: its virtual numbers ring together for `ringMs`. */
export interface ForwardStage {
  numbers: string[];
  ringMs: number;
}

export interface ForwardPlan {
  /** Nobody answered: at once (the callee does not ring), or after `afterMs` of ringing. */
  noAnswer: { immediately: boolean; afterMs: number; stages: ForwardStage[] } | null;
  /** The callee failed (busy, unreachable, error): redirect `afterMs` after the call began. */
  onError: { afterMs: number; stages: ForwardStage[] } | null;
}

const WEEK_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

const ParamsSchema = v.object({
  numbers: v.optional(v.array(v.string()), []),
  timeout: v.optional(v.number(), FORWARD_TIMEOUTS.ruleSet),
  days: v.optional(v.array(v.string()), []),
  period: v.optional(v.nullable(v.object({ from: v.number(), to: v.number() })), null),
});
const ids = v.optional(v.array(v.number()), []);
const RulesSchema = v.array(
  v.variant('type', [
    v.object({
      type: v.literal('redirect_if_no_answer'),
      is_immediately: v.optional(v.boolean(), false),
      timeout: v.optional(v.number(), FORWARD_TIMEOUTS.noAnswer),
      forward_rule_set_ids: ids,
    }),
    v.object({
      type: v.literal('redirect_if_error'),
      enabled: v.optional(v.boolean(), false),
      timeout: v.optional(v.number(), FORWARD_TIMEOUTS.error),
      forward_rule_set_ids: ids,
    }),
  ]),
);

/** Whether a rule set applies at `now` (server local time): its days (none = every day) and hours. */
export function appliesAt(params: v.InferOutput<typeof ParamsSchema>, now: Date): boolean {
  if (params.days.length > 0 && !params.days.includes(WEEK_DAYS[now.getDay()]!)) return false;
  if (!params.period) return true;
  const second = now.getHours() * 3600 + now.getMinutes() * 60 + now.getSeconds();
  return params.period.from <= second && second < params.period.to;
}

/** The forwarding of a callee's number now, or null when it does not forward. */
export async function forwardPlan(
  db: Kysely<Database>,
  callee: SipNumberInfo,
  now = new Date(),
): Promise<ForwardPlan | null> {
  // Most numbers do not forward: no query for them (a group's own number asks its project's group forwarding).
  if (callee.forwardMode === 'disabled') return isGroupNumber(callee) ? groupForwardPlan(db, callee) : null;
  const number = await db
    .selectFrom('sip_numbers')
    .leftJoin('forward_groups', 'forward_groups.id', 'sip_numbers.forward_group_id')
    .select(['sip_numbers.forward_mode', 'forward_groups.forward_rules'])
    .where('sip_numbers.id', '=', callee.id)
    .executeTakeFirst();
  if (!number || number.forward_mode === 'disabled') return null;

  let noAnswer: { immediately: boolean; afterS: number; sets: number[] } | null = null;
  let onError: { afterS: number; sets: number[] } | null = null;
  if (number.forward_mode === 'manual') {
    const own = await db
      .selectFrom('sip_number_forward_rule_sets')
      .select('forward_rule_set_id')
      .where('sip_number_id', '=', callee.id)
      .orderBy('position')
      .orderBy('forward_rule_set_id')
      .execute();
    const sets = own.map((r) => r.forward_rule_set_id);
    noAnswer = { immediately: false, afterS: FORWARD_TIMEOUTS.noAnswer, sets };
    onError = { afterS: FORWARD_TIMEOUTS.error, sets };
  } else if (number.forward_mode === 'picked') {
    for (const rule of readJson(number.forward_rules, RulesSchema, [])) {
      if (rule.type === 'redirect_if_no_answer') {
        noAnswer = { immediately: rule.is_immediately, afterS: rule.timeout, sets: rule.forward_rule_set_ids };
      } else if (rule.enabled) onError = { afterS: rule.timeout, sets: rule.forward_rule_set_ids };
    }
  }

  const setIds = [...new Set([...(noAnswer?.sets ?? []), ...(onError?.sets ?? [])])];
  if (setIds.length === 0) return null;
  const rows = await db
    .selectFrom('forward_rule_sets')
    .select(['id', 'params'])
    .where('project_id', '=', callee.projectId)
    .where('id', 'in', setIds)
    .execute();
  const stageOf = new Map<number, ForwardStage>();
  for (const row of rows) {
    const params = readJson(row.params, ParamsSchema, null);
    if (!params || !appliesAt(params, now)) continue;
    const numbers = params.numbers.filter((n) => n !== callee.number);
    if (numbers.length === 0) continue;
    stageOf.set(row.id, { numbers, ringMs: (params.timeout > 0 ? params.timeout : FORWARD_TIMEOUTS.ruleSet) * 1000 });
  }
  const stages = (sets: number[]) => sets.map((id) => stageOf.get(id)).filter((s): s is ForwardStage => !!s);
  const plan: ForwardPlan = {
    noAnswer:
      noAnswer && stages(noAnswer.sets).length > 0
        ? { immediately: noAnswer.immediately, afterMs: noAnswer.afterS * 1000, stages: stages(noAnswer.sets) }
        : null,
    onError:
      onError && stages(onError.sets).length > 0
        ? { afterMs: onError.afterS * 1000, stages: stages(onError.sets) }
        : null,
  };
  return plan.noAnswer || plan.onError ? plan : null;
}

/** A group's own number (an apartment's): held by the group, not by a user, a device or the call queue. */
const isGroupNumber = (n: SipNumberInfo) =>
  n.domainId !== null && n.userId === null && n.deviceId === null && !isAwaitingNumber(n);

/**
 * Group forwarding (project settings, 7.8 `sip/domain/forward-rules`): a call to
 * a group's own number that forwards nowhere of its own rings the project's
 * queues one after another at once (nobody registers a group's number), with
 * `{group_users}` standing for the active numbers of the group's members.
 */
async function groupForwardPlan(db: Kysely<Database>, callee: SipNumberInfo): Promise<ForwardPlan | null> {
  const rules = await domainForwardRules(db, callee.projectId);
  if (!rules.is_enabled || rules.queues.length === 0) return null;
  const members = rules.queues.some((q) => q.numbers.includes(GROUP_USERS_PLACEHOLDER))
    ? await db
        .selectFrom('sip_numbers as n')
        .innerJoin('user_domains as ud', 'ud.user_id', 'n.user_id')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select('n.number')
        .where('ud.domain_id', '=', callee.domainId)
        .where('n.project_id', '=', callee.projectId)
        .where('n.is_active', '=', 1)
        .where('u.deleted_at', 'is', null)
        .orderBy('n.number')
        .execute()
    : [];
  const stages: ForwardStage[] = [];
  for (const queue of rules.queues) {
    const numbers = [
      ...new Set(queue.numbers.flatMap((n) => (n === GROUP_USERS_PLACEHOLDER ? members.map((m) => m.number) : [n]))),
    ].filter((n) => n !== callee.number);
    if (numbers.length > 0) stages.push({ numbers, ringMs: queue.timeout * 1000 });
  }
  return stages.length > 0 ? { noAnswer: { immediately: true, afterMs: 0, stages }, onError: null } : null;
}
