import * as v from 'valibot';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { IdSchema, idList } from '../ids';
import { ACCESS_RULE_DESCRIPTION_MAX, ACCESS_RULE_NAME_MAX } from './access-rule';
import { DEVICE_FLOOR_RANGE, FLOOR_MAP_MAX } from './device';

/**
 * Elevator access rules (doc 1 §3, §5; doc 2 §6.2, §7.4): which users a lift takes to which
 * floors. Section 5: at least one user (`user_required`), one elevator (`elevator_required`)
 * and one floor per elevator (`floor_required`); a floor is one an access rule may grant on
 * that elevator's floor map (`GET /elevators/{id}/floors?mode=access`, else
 * `not_on_floor_map`). Only elevators with at least one floor are sent, and sent back: a
 * floor that has left the floor map is not shown, and an elevator left with none is not either.
 */
const ref = v.object({ id: v.number(), name: v.string() });

/** Most elevators one rule names (decided). */
export const ELEVATOR_RULE_ELEVATORS_MAX = 100;

export const ElevatorAccessRuleUserSchema = v.object({
  id: v.number(),
  name: v.string(),
  /**
   * The user's `elevator_access_disabled` (section 3): they stay in the rule, but no lift
   * takes them anywhere while it is on (the flag wins over every rule). Shown so nobody
   * wonders why a listed user is refused.
   */
  elevator_access_disabled: v.boolean(),
});

export const ElevatorAccessRuleElevatorSchema = v.object({
  id: v.number(),
  name: v.string(),
  floors: v.array(v.number()),
});

export const ElevatorAccessRuleSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  users: v.array(ElevatorAccessRuleUserSchema),
  elevators: v.array(ElevatorAccessRuleElevatorSchema),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type ElevatorAccessRule = v.InferOutput<typeof ElevatorAccessRuleSchema>;

const floor = v.pipe(
  v.number(),
  v.safeInteger(),
  v.minValue(DEVICE_FLOOR_RANGE.min),
  v.maxValue(DEVICE_FLOOR_RANGE.max),
);

export const ElevatorAccessRuleElevatorInputSchema = v.object({
  id: IdSchema,
  floors: v.pipe(v.array(floor), v.minLength(1, 'floor_required'), v.maxLength(FLOOR_MAP_MAX)),
});
export type ElevatorAccessRuleElevatorInput = v.InferOutput<typeof ElevatorAccessRuleElevatorInputSchema>;

const entries = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(ACCESS_RULE_NAME_MAX)),
  description: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(ACCESS_RULE_DESCRIPTION_MAX),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  ),
  /** Section 5: at least one user. */
  users: v.pipe(idList(), v.minLength(1, 'user_required')),
  /** Section 5: at least one elevator, each with at least one floor. */
  elevators: v.pipe(
    v.array(ElevatorAccessRuleElevatorInputSchema),
    v.minLength(1, 'elevator_required'),
    v.maxLength(ELEVATOR_RULE_ELEVATORS_MAX),
  ),
};

export const ElevatorAccessRuleCreateSchema = v.object(entries);
export type ElevatorAccessRuleCreate = v.InferOutput<typeof ElevatorAccessRuleCreateSchema>;
export const ElevatorAccessRulePatchSchema = v.partial(v.object(entries));
export type ElevatorAccessRulePatch = v.InferOutput<typeof ElevatorAccessRulePatchSchema>;

export const elevatorAccessRulesEntity = defineEntity({
  name: 'elevator_access_rules',
  path: '/elevators/access-rules',
  access: {
    // 6.2 scopes: view_own → the rules one created; view_all → the project's.
    view: ['elevator_access_rules.view_own', 'elevator_access_rules.view_all'],
    create: ['elevator_access_rules.create'],
    edit: ['elevator_access_rules.edit'],
    delete: ['elevator_access_rules.delete'],
    // 2.4, 6.4: the elevator licence gates the elevators area.
    licences: ['elevator'],
  },
  item: ElevatorAccessRuleSchema,
  create: ElevatorAccessRuleCreateSchema,
  patch: ElevatorAccessRulePatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    users: { kind: 'relation', filterable: true },
    elevators: { kind: 'relation', filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});

export const ElevatorAccessRuleListSchema = listAnswer(ElevatorAccessRuleSchema);
