import * as v from 'valibot';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { IdSchema, idList } from '../ids';
import type { Permission } from '../permissions';

/**
 * Access rules (doc 1 §3, §5; doc 2 §6.2, §7.5): which users, groups and identifiers may open
 * which doors (a device and one of its locks), during which schedules (time rules). A
 * `prohibition` rule denies and wins over any rule that grants; `is_shareable` rules may be
 * handed on with guest keys (the available-access-rules picker). Section 5: at least one
 * device (field error `device_required`); a lock number is one of the device's relays
 * (`DEVICE_RELAYS` of its type; field error `range`).
 */
const ref = v.object({ id: v.number(), name: v.string() });

/** Decided: longer than the 31 of device and group names; a rule's name says who and where. */
export const ACCESS_RULE_NAME_MAX = 64;
export const ACCESS_RULE_DESCRIPTION_MAX = 1000;
/** Most doors one rule names (each a device and a lock). */
export const ACCESS_RULE_DEVICES_MAX = 500;
/** Highest lock number any device type has (a lift controller's 32 relays); the device's type narrows it. */
export const LOCK_NUMBER_MAX = 32;

/** A door of a rule as the item shows it: the device (its type says how many locks it has) and which lock. */
export const AccessRuleDeviceSchema = v.object({
  id: v.number(),
  name: v.string(),
  type: v.string(),
  lock_number: v.number(),
});
/** An identifier of a rule: its name when it has one, else its type and value. */
export const AccessRuleIdentifierSchema = v.object({
  id: v.number(),
  name: v.nullable(v.string()),
  type: v.string(),
  value: v.string(),
});

export const AccessRuleSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  devices: v.array(AccessRuleDeviceSchema),
  time_rules: v.array(ref),
  users: v.array(ref),
  identifiers: v.array(AccessRuleIdentifierSchema),
  /** Groups: the rule is for their members. */
  domains: v.array(ref),
  prohibition: v.boolean(),
  is_shareable: v.boolean(),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type AccessRule = v.InferOutput<typeof AccessRuleSchema>;

/** One door of a rule as sent: a device and its lock (relay) number, 1 by default. */
export const AccessRuleDeviceInputSchema = v.object({
  id: IdSchema,
  lock_number: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(LOCK_NUMBER_MAX)), 1),
});
export type AccessRuleDeviceInput = v.InferOutput<typeof AccessRuleDeviceInputSchema>;

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
  /** Section 5: at least one device. */
  devices: v.pipe(
    v.array(AccessRuleDeviceInputSchema),
    v.minLength(1, 'device_required'),
    v.maxLength(ACCESS_RULE_DEVICES_MAX),
  ),
  time_rules: v.optional(idList(), []),
  users: v.optional(idList(), []),
  identifiers: v.optional(idList(), []),
  domains: v.optional(idList(), []),
  prohibition: v.optional(v.boolean(), false),
  is_shareable: v.optional(v.boolean(), true),
};

export const AccessRuleCreateSchema = v.object(entries);
export type AccessRuleCreate = v.InferOutput<typeof AccessRuleCreateSchema>;
export const AccessRulePatchSchema = v.partial(
  v.object({
    ...entries,
    time_rules: idList(),
    users: idList(),
    identifiers: idList(),
    domains: idList(),
    prohibition: v.boolean(),
    is_shareable: v.boolean(),
  }),
);
export type AccessRulePatch = v.InferOutput<typeof AccessRulePatchSchema>;

const fields = {
  id: { kind: 'number', sortable: true, filterable: true },
  name: { kind: 'text', sortable: true, filterable: true },
  created_at: { kind: 'date', sortable: true, filterable: true },
  prohibition: { kind: 'boolean', sortable: true, filterable: true },
  is_shareable: { kind: 'boolean', sortable: true, filterable: true },
  /** Rules for any of these groups. */
  domains: { kind: 'relation', filterable: true },
  /** Rules naming any of these devices. */
  devices: { kind: 'relation', filterable: true },
  users: { kind: 'relation', filterable: true },
} as const;

export const accessRulesEntity = defineEntity({
  name: 'access_rules',
  path: '/access-rules',
  access: {
    // access_rules.view: the rules one created (6.1 default rule); view_all: the project's.
    view: ['access_rules.view', 'access_rules.view_all'],
    create: ['access_rules.create'],
    edit: ['access_rules.edit'],
    delete: ['access_rules.delete'],
  },
  item: AccessRuleSchema,
  create: AccessRuleCreateSchema,
  patch: AccessRulePatchSchema,
  fields,
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});

export const AccessRuleListSchema = listAnswer(AccessRuleSchema);

// ---- Available access rules (the guest key's picker, no load more) ----

/** An access rule one may hand on (a guest key's rules): shareable, and the caller's to use. */
export const AvailableAccessRuleSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  devices: v.array(AccessRuleDeviceSchema),
});
export type AvailableAccessRule = v.InferOutput<typeof AvailableAccessRuleSchema>;

/** Who may list the rules they can hand on: whoever grants guest keys or sees access rules. */
export const AVAILABLE_ACCESS_RULES_VIEWERS: readonly Permission[] = [
  'identifiers.create_guest',
  'access_rules.view',
  'access_rules.view_all',
];

/**
 * `GET /access-rules/available/items`: the shareable rules of the project that the caller
 * sees (they created them, or view_all) or that apply to them (they are among its users, or
 * a group of theirs is within one of its groups). Decided: docs/decisions.md, Access management.
 */
export const availableAccessRulesEntity = defineEntity({
  name: 'available_access_rules',
  path: '/access-rules/available',
  listOnly: true,
  access: { view: ['identifiers.create_guest', 'access_rules.view', 'access_rules.view_all'] },
  item: AvailableAccessRuleSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});
