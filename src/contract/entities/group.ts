import * as v from 'valibot';
import { defineEntity } from '../entity';
import { IdSchema, idList, MAX_IDS } from '../ids';
import { DomainTypeRefSchema } from './domain-type';
import {
  AppleWalletSettingsSchema,
  GuestIdentifierLimitsSchema,
  nullableNumber,
  WhitelabelSettingsSchema,
} from './group-settings';
import { GroupLicenseInfoSchema } from './licence';

export { AppleWalletSettingsSchema, GuestIdentifierLimitsSchema, WhitelabelSettingsSchema };

/**
 * Groups (domains) of section 3. The tree is a nested set per project:
 * `parent_lft` / `parent_rgt` are the group's own bounds, so B lies inside A
 * exactly when A.parent_lft < B.parent_lft and B.parent_rgt < A.parent_rgt.
 */

/** A group name: 1 to 255 characters after trimming. */
export const GROUP_NAME_MAX = 255;
export const GROUP_DESCRIPTION_MAX = 1000;
/** A logical address is a number of at most 9 digits (device address fields are numeric). */
export const LOGIC_ADDRESS_MAX_DIGITS = 9;

const ref = v.object({ id: v.number(), name: v.string() });

/** A user as a group lists them. */
export const GroupUserSchema = v.object({ id: v.number(), name: v.string(), email: v.nullable(v.string()) });

export const DeviceStatusNotifySchema = v.object({
  user_id: v.number(),
  notify_about_offline_device: v.boolean(),
  notify_about_device_task_failed: v.boolean(),
});

/**
 * The settings a group keeps besides its place in the tree (section 3). Their
 * areas (white label, wallet, guest access, notifications) read them later.
 */
export const GroupSettingsSchema = v.object({
  is_resident_phonebook_enabled: v.boolean(),
  guest_identifier_limits: GuestIdentifierLimitsSchema,
  whitelabel_settings: WhitelabelSettingsSchema,
  apple_wallet_settings: AppleWalletSettingsSchema,
  device_status_notify: v.array(DeviceStatusNotifySchema),
});
export type GroupSettings = v.InferOutput<typeof GroupSettingsSchema>;

/** The group's SIP number, once telephony exists. */
export const GroupSipNumberSchema = v.object({ is_active: v.boolean(), forward_rules: v.array(ref) });

/**
 * One group. Lists carry the tree fields and `type`; the relations come with
 * `with=<name>` on lists and always on the item GET. Relations of areas not
 * built yet (access rules, devices, elevators) answer empty arrays; mail templates
 * and integrations are the group's own (docs/decisions.md, Groups); `licenseInfo` comes on the
 * item (docs/decisions.md, Licences).
 */
export const GroupSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  parent_id: nullableNumber,
  domain_type_id: nullableNumber,
  type: v.nullable(DomainTypeRefSchema),
  logic_address: v.nullable(v.string()),
  parent_lft: v.number(),
  parent_rgt: v.number(),
  parent: v.optional(v.nullable(ref)),
  users: v.optional(v.array(GroupUserSchema)),
  access_rules: v.optional(v.array(ref)),
  devices: v.optional(v.array(ref)),
  elevators: v.optional(v.array(ref)),
  integrations: v.optional(v.array(ref)),
  mail_templates: v.optional(v.array(ref)),
  forward_rules: v.optional(v.array(ref)),
  sip_number: v.optional(v.nullable(GroupSipNumberSchema)),
  sip_trunk: v.optional(v.nullable(ref)),
  device_status_notify: v.optional(v.array(DeviceStatusNotifySchema)),
  is_resident_phonebook_enabled: v.optional(v.boolean()),
  guest_identifier_limits: v.optional(GuestIdentifierLimitsSchema),
  whitelabel_settings: v.optional(WhitelabelSettingsSchema),
  apple_wallet_settings: v.optional(AppleWalletSettingsSchema),
  /** Licence info of the group (section 3): on the item, for a caller whose licence view reaches it; null otherwise. */
  licenseInfo: v.optional(v.nullable(GroupLicenseInfoSchema)),
});
export type Group = v.InferOutput<typeof GroupSchema>;

/**
 * A tree node of the branch list: a group plus whether it has children the
 * caller may see, how many members it has (the tree's count column, so the
 * tree never loads member lists), and whether the caller may delete it.
 */
export const GroupBranchNodeSchema = v.object({
  ...GroupSchema.entries,
  has_children: v.boolean(),
  users_count: v.number(),
  /** Whether the caller may delete this group (6.2: all, descendants, or own ones), for the row menu. */
  may_delete: v.boolean(),
});
export type GroupBranchNode = v.InferOutput<typeof GroupBranchNodeSchema>;

/** Relations a list or branch may include (`with`, `relations`). */
export const GROUP_RELATIONS = [
  'parent',
  'users',
  'access_rules',
  'devices',
  'elevators',
  'integrations',
  'mail_templates',
  'forward_rules',
] as const;
export type GroupRelation = (typeof GROUP_RELATIONS)[number];

const text = (max: number) => v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max)));
const count = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)));

/**
 * A logical address as typed: blank (→ null, 7.9) or up to 9 digits. The
 * server also stores null for the type without addresses (ADDRESSLESS_DOMAIN_TYPE).
 */
export const LogicAddressSchema = v.nullable(
  v.pipe(v.string(), v.trim(), v.regex(/^\d*$/, 'number'), v.maxLength(LOGIC_ADDRESS_MAX_DIGITS)),
);

const settingsInput = {
  is_resident_phonebook_enabled: v.boolean(),
  guest_identifier_limits: v.object({ max_passes_count: count, max_period_days: count }),
  whitelabel_settings: v.object({
    is_enabled: v.boolean(),
    name: text(255),
    address: text(255),
    email: v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(255),
        v.check((s) => s === '' || /^[^\s@]+@[^\s@]+$/.test(s), 'email'),
      ),
    ),
    phone: text(32),
  }),
  apple_wallet_settings: v.object({
    is_enabled: v.boolean(),
    backfields: text(2000),
    background_color: text(32),
    barcode_alt_text: text(255),
    developer_name: text(255),
    developer_name_color: text(32),
    font_color: text(32),
  }),
  device_status_notify: v.pipe(
    v.array(v.object({ ...DeviceStatusNotifySchema.entries, user_id: IdSchema })),
    v.maxLength(MAX_IDS),
  ),
};

const groupFields = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(GROUP_NAME_MAX)),
  description: text(GROUP_DESCRIPTION_MAX),
  parent_id: v.nullable(IdSchema),
  domain_type_id: IdSchema,
  logic_address: LogicAddressSchema,
  /** Members of the group, by user id. */
  users: idList(),
};

/** PUT /domains body. */
export const GroupCreateSchema = v.object({
  name: groupFields.name,
  description: v.optional(groupFields.description, null),
  parent_id: v.optional(groupFields.parent_id, null),
  domain_type_id: groupFields.domain_type_id,
  logic_address: v.optional(groupFields.logic_address, null),
  users: v.optional(groupFields.users),
  ...v.partial(v.object(settingsInput)).entries,
});
export type GroupCreate = v.InferOutput<typeof GroupCreateSchema>;

/** PATCH /domains/{id} body: any of the create fields; `parent_id` moves the group with its subtree. */
export const GroupPatchSchema = v.partial(v.object({ ...groupFields, ...settingsInput }));
export type GroupPatch = v.InferOutput<typeof GroupPatchSchema>;

export const groupsEntity = defineEntity({
  name: 'domains',
  path: '/domains',
  access: {
    view: ['domains.view_all', 'domains.view_descendants', 'domains.view_self', 'domains.view_own'],
    create: ['domains.create_root', 'domains.create_descendants'],
    edit: [
      'domains.edit_all',
      'domains.edit_descendants',
      'self_domain.manage_general',
      'self_domain.manage_users',
      'self_domain.manage_white_label',
      'self_domain.manage_guest_access',
      'self_domain.manage_notifications',
    ],
    delete: ['domains.delete_all', 'domains.delete_descendants', 'domains.delete_own'],
  },
  item: GroupSchema,
  create: GroupCreateSchema,
  patch: GroupPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    description: { kind: 'text', filterable: true },
    parent_id: { kind: 'number', sortable: true, filterable: true },
    domain_type_id: { kind: 'number', sortable: true, filterable: true },
    logic_address: { kind: 'text', sortable: true, filterable: true },
    parent_lft: { kind: 'number', sortable: true },
    users: { kind: 'relation', filterable: true },
  },
  search: ['name'],
  with: GROUP_RELATIONS,
  defaultSort: ['parent_lft'],
  exportable: true,
});
