import * as v from 'valibot';
import { FORWARD_DEFAULTS, FORWARD_TIMEOUT_RANGE, NAME_LENGTH, SECONDS_IN_DAY } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { idList } from '../ids';

/**
 * Call forwarding (section 3, 5, 9). A **forward rule set** is one queue: the
 * numbers it rings (virtual numbers and external numbers through a trunk), how
 * long it rings them, on which days and in which hours it applies. A **forward
 * group** says when a call is redirected to rule sets: when nobody answers
 * (at once or after a timeout) and when the call fails (after a timeout).
 * A virtual number forwards by its own rule sets (`manual`) or by a forward
 * group (`picked`).
 */
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
/** An external number dialled through a SIP trunk: digits, a leading + allowed. */
/** Most numbers one rule set rings at a time: a ring group, not a phone book. */
export const FORWARD_NUMBERS_MAX = 50;
export const TRUNK_NUMBER_PATTERN = /^\+?\d{2,20}$/;
export const FORWARD_RULE_TYPES = ['redirect_if_no_answer', 'redirect_if_error'] as const;
export type ForwardRuleType = (typeof FORWARD_RULE_TYPES)[number];

const ref = v.object({ id: v.number(), name: v.string() });
const name = v.pipe(v.string(), v.trim(), v.minLength(NAME_LENGTH.min), v.maxLength(NAME_LENGTH.max));
const timeout = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(FORWARD_TIMEOUT_RANGE.min),
  v.maxValue(FORWARD_TIMEOUT_RANGE.max),
);
const secondOfDay = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SECONDS_IN_DAY));
const ids = idList();

/** When a rule set applies within a day, in seconds from midnight (from < to). */
export const ForwardPeriodSchema = v.pipe(
  v.object({ from: secondOfDay, to: secondOfDay }),
  v.forward(
    v.check((p) => p.from < p.to, 'time_order'),
    ['to'],
  ),
);

export const ForwardParamsSchema = v.object({
  /** Virtual numbers rung, in order. */
  numbers: v.array(v.string()),
  /** Seconds the numbers ring before the rule set gives up (default 60). */
  timeout: v.number(),
  /** Days it applies; empty means every day. */
  days: v.array(v.picklist(WEEK_DAYS)),
  period: v.nullable(v.object({ from: v.number(), to: v.number() })),
  /** External numbers dialled through a SIP trunk. */
  trunk_numbers: v.array(v.string()),
});
export type ForwardParams = v.InferOutput<typeof ForwardParamsSchema>;

export const ForwardRuleSetSchema = v.object({
  id: v.number(),
  name: v.string(),
  params: ForwardParamsSchema,
  /** The virtual numbers of `params.numbers` as they are now (a number deleted since is left out). */
  sip_numbers: v.array(v.object({ id: v.number(), number: v.string(), name: v.nullable(v.string()) })),
  /** Virtual numbers and forward groups that use it. */
  used_by: v.number(),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type ForwardRuleSet = v.InferOutput<typeof ForwardRuleSetSchema>;

/** Params as a save sends them; the rules of section 5 beyond shapes are the server's (see forward-rules domain). */
export const ForwardParamsInputSchema = v.object({
  numbers: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,20}$/, 'digits'))), v.maxLength(FORWARD_NUMBERS_MAX)),
    [],
  ),
  timeout: v.optional(timeout, FORWARD_DEFAULTS.ruleSetTimeout),
  days: v.optional(v.pipe(v.array(v.picklist(WEEK_DAYS)), v.maxLength(WEEK_DAYS.length)), []),
  period: v.optional(v.nullable(ForwardPeriodSchema), null),
  trunk_numbers: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.regex(TRUNK_NUMBER_PATTERN, 'digits'))),
      v.maxLength(FORWARD_NUMBERS_MAX),
    ),
    [],
  ),
});

export const ForwardRuleSetCreateSchema = v.object({ name, params: ForwardParamsInputSchema });
export const ForwardRuleSetPatchSchema = v.partial(ForwardRuleSetCreateSchema);
export type ForwardRuleSetCreate = v.InferOutput<typeof ForwardRuleSetCreateSchema>;

export const forwardRuleSetsEntity = defineEntity({
  name: 'forward_rules',
  path: '/forward-rules',
  access: {
    view: ['forward_rules.view'],
    create: ['forward_rules.create'],
    edit: ['forward_rules.edit'],
    delete: ['forward_rules.delete'],
  },
  item: ForwardRuleSetSchema,
  create: ForwardRuleSetCreateSchema,
  patch: ForwardRuleSetPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});

/** Redirect when nobody answers: at once, or after `timeout` seconds. */
export const NoAnswerRuleSchema = v.object({
  type: v.literal('redirect_if_no_answer'),
  is_immediately: v.boolean(),
  timeout: v.number(),
  forward_rules: v.array(ref),
});
/** Redirect when the call fails (busy, unreachable), after `timeout` seconds (default 10). */
export const ErrorRuleSchema = v.object({
  type: v.literal('redirect_if_error'),
  enabled: v.boolean(),
  timeout: v.number(),
  forward_rules: v.array(ref),
});

export const ForwardGroupSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** Always both rules, no-answer first. */
  forward_rules: v.tuple([NoAnswerRuleSchema, ErrorRuleSchema]),
  /** Virtual numbers forwarded by this group. */
  used_by: v.number(),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type ForwardGroup = v.InferOutput<typeof ForwardGroupSchema>;

const NoAnswerRuleInputSchema = v.object({
  type: v.literal('redirect_if_no_answer'),
  is_immediately: v.optional(v.boolean(), false),
  timeout: v.optional(timeout, FORWARD_DEFAULTS.noAnswerTimeout),
  forward_rules: v.optional(ids, []),
});
const ErrorRuleInputSchema = v.object({
  type: v.literal('redirect_if_error'),
  enabled: v.optional(v.boolean(), false),
  timeout: v.optional(timeout, FORWARD_DEFAULTS.errorTimeout),
  forward_rules: v.optional(ids, []),
});
/** A rule as a save sends it: rule sets by id. A type left out keeps its defaults (off). */
export const ForwardGroupRuleInputSchema = v.variant('type', [NoAnswerRuleInputSchema, ErrorRuleInputSchema]);
export type ForwardGroupRuleInput = v.InferOutput<typeof ForwardGroupRuleInputSchema>;

export const ForwardGroupCreateSchema = v.object({
  name,
  forward_rules: v.pipe(v.array(ForwardGroupRuleInputSchema), v.maxLength(FORWARD_RULE_TYPES.length)),
});
export const ForwardGroupPatchSchema = v.partial(ForwardGroupCreateSchema);
export type ForwardGroupCreate = v.InferOutput<typeof ForwardGroupCreateSchema>;

export const forwardGroupsEntity = defineEntity({
  name: 'forward_groups',
  path: '/forward-groups',
  access: {
    view: ['forward_rules.view'],
    create: ['forward_rules.create'],
    edit: ['forward_rules.edit'],
    delete: ['forward_rules.delete'],
  },
  item: ForwardGroupSchema,
  create: ForwardGroupCreateSchema,
  patch: ForwardGroupPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});

export const ForwardRuleSetListSchema = listAnswer(ForwardRuleSetSchema);
export const ForwardGroupListSchema = listAnswer(ForwardGroupSchema);
