import * as v from 'valibot';
import { SIP_NUMBER_LENGTH, SIP_PASSWORD_LENGTH } from '../constants';
import { defineEntity } from '../entity';
import { fieldRule } from '../field-rules';
import { listAnswer } from '../filters';
import { IdSchema, idList } from '../ids';

/**
 * Virtual SIP numbers (section 3, 6.2, 7.6). A number is owned by at most one
 * of: a user, a device (a door panel) or a group (the group's own number, at
 * most one per group; its master number when `purpose` is master_sip_number).
 * A number without an owner is free (or kept for the system when reserved).
 */
export const FORWARD_MODES = ['disabled', 'manual', 'picked'] as const;
export type ForwardMode = (typeof FORWARD_MODES)[number];
/** null: an ordinary number; master_sip_number: a group's master number; concierge: a concierge desk (awaiting calls). */
export const SIP_NUMBER_PURPOSES = ['master_sip_number', 'concierge'] as const;
export type SipNumberPurpose = (typeof SIP_NUMBER_PURPOSES)[number];

/** The SIP user part: digits only (it registers as number@host). */
export const SIP_NUMBER_PATTERN = new RegExp(`^\\d{${SIP_NUMBER_LENGTH.min},${SIP_NUMBER_LENGTH.max}}$`);
/** Section 5: digits plus lower and upper case Latin letters (each at least once, nothing else). */
export const SIP_PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9]+$/;
export const SIP_NUMBER_NAME_MAX = 64;

const ref = v.object({ id: v.number(), name: v.string() });
const nullableId = v.nullable(IdSchema);

export const SipNumberSchema = v.object({
  id: v.number(),
  number: v.string(),
  name: v.nullable(v.string()),
  /** Answered only to callers who may edit numbers (they configure softphones and panels); null otherwise. */
  password: v.nullable(v.string()),
  is_active: v.boolean(),
  is_reserved: v.boolean(),
  user_id: v.nullable(v.number()),
  user: v.nullable(v.object({ id: v.number(), name: v.string(), email: v.nullable(v.string()) })),
  device_id: v.nullable(v.number()),
  device: v.nullable(ref),
  domain_id: v.nullable(v.number()),
  domain: v.nullable(ref),
  forward_mode: v.picklist(FORWARD_MODES),
  forward_group_id: v.nullable(v.number()),
  forward_group: v.nullable(ref),
  /** Forward rule sets of a number forwarded in `manual` mode. */
  forward_rules: v.array(ref),
  purpose: v.nullable(v.picklist(SIP_NUMBER_PURPOSES)),
  /** Who holds it, as one line (the user's, device's or group's name). */
  owner_info: v.nullable(v.string()),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type SipNumber = v.InferOutput<typeof SipNumberSchema>;

const numberField = v.pipe(v.string(), v.trim(), v.minLength(1), v.regex(SIP_NUMBER_PATTERN, 'digits'));
const passwordField = v.pipe(
  v.string(),
  v.minLength(SIP_PASSWORD_LENGTH.min),
  v.maxLength(SIP_PASSWORD_LENGTH.max),
  v.regex(SIP_PASSWORD_PATTERN, 'sip_password'),
);
const nameField = v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(SIP_NUMBER_NAME_MAX)));
const ids = idList();

/** The fields a save may carry; every one is optional on PATCH. */
const entries = {
  number: numberField,
  name: nameField,
  password: passwordField,
  /** Needs sip_numbers.activate to set or change. */
  is_active: v.boolean(),
  /** Needs sip_numbers.mark_system. */
  is_reserved: v.boolean(),
  user_id: nullableId,
  device_id: nullableId,
  domain_id: nullableId,
  forward_mode: v.picklist(FORWARD_MODES),
  forward_group_id: nullableId,
  forward_rules: ids,
  /** Needs sip_numbers.mark_system. */
  purpose: v.nullable(v.picklist(SIP_NUMBER_PURPOSES)),
};

/** PUT /sip-numbers. Without `is_active` a number is active when the caller may activate numbers. */
export const SipNumberCreateSchema = v.object({
  number: entries.number,
  password: entries.password,
  name: v.optional(entries.name, null),
  is_active: v.optional(entries.is_active),
  is_reserved: v.optional(entries.is_reserved, false),
  user_id: v.optional(entries.user_id, null),
  device_id: v.optional(entries.device_id, null),
  domain_id: v.optional(entries.domain_id, null),
  forward_mode: v.optional(entries.forward_mode, 'disabled'),
  forward_group_id: v.optional(entries.forward_group_id, null),
  forward_rules: v.optional(entries.forward_rules, []),
  purpose: v.optional(entries.purpose, null),
});
export type SipNumberCreate = v.InferOutput<typeof SipNumberCreateSchema>;

/** PATCH /sip-numbers/{id}: any field; the password is left out when it did not change (7.6, 7.9). */
export const SipNumberPatchSchema = v.partial(v.object(entries));
export type SipNumberPatch = v.InferOutput<typeof SipNumberPatchSchema>;

/**
 * Rules of the number form that gate fields, not calls (6.2): who may set or
 * change `is_active`, and who may mark a number as system (`is_reserved`,
 * `purpose`). The server checks the same permissions on save.
 */
export const SIP_NUMBER_FIELD_RULES = {
  activate: fieldRule(['sip_numbers.activate']),
  markSystem: fieldRule(['sip_numbers.mark_system']),
};

export const sipNumbersEntity = defineEntity({
  name: 'sip_numbers',
  path: '/sip-numbers',
  access: {
    view: ['sip_numbers.view', 'sip_numbers.view_descendants', 'sip_numbers.view_all'],
    create: ['sip_numbers.create'],
    edit: ['sip_numbers.edit'],
    delete: ['sip_numbers.delete'],
    licences: ['sip'],
  },
  item: SipNumberSchema,
  create: SipNumberCreateSchema,
  patch: SipNumberPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    number: { kind: 'text', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    is_active: { kind: 'boolean', sortable: true, filterable: true },
    is_reserved: { kind: 'boolean', sortable: true, filterable: true },
    purpose: { kind: 'enum', sortable: true, filterable: true },
    forward_mode: { kind: 'enum', sortable: true, filterable: true },
    user_name: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    user: { kind: 'relation', filterable: true },
    device: { kind: 'relation', filterable: true },
    domain: { kind: 'relation', filterable: true },
    forward_group: { kind: 'relation', filterable: true },
    /** Numbers whose owner (user, device or group) sits in one of these groups. */
    domains: { kind: 'relation', filterable: true },
  },
  // 2.5: virtual numbers are searched on number, user name, user e-mail and device name.
  search: ['number', 'name', 'user_name', 'user_email', 'device_name'],
  with: [],
  defaultSort: ['number'],
  exportable: true,
});

export const SipNumberListSchema = listAnswer(SipNumberSchema);

/** GET /sip-numbers/generate: a number nobody holds and a password that satisfies the rule. */
export const GeneratedSipNumberSchema = v.object({ number: v.string(), password: v.string() });
export type GeneratedSipNumber = v.InferOutput<typeof GeneratedSipNumberSchema>;

/** GET /sip-numbers/contacts item: a number the caller may call (the dialer's phonebook). */
export const ContactSchema = v.object({
  /** The SIP number's id. */
  id: v.number(),
  name: v.string(),
  number: v.string(),
  user: v.nullable(v.object({ id: v.number(), name: v.string(), description: v.nullable(v.string()) })),
  /** What the contact is: the group of a group's number, the device or the user's groups. */
  title: v.nullable(v.string()),
});
export type Contact = v.InferOutput<typeof ContactSchema>;

/** GET /sip-numbers/call-info?number=: who holds a number of the project, for a call card. */
export const CallInfoQuerySchema = v.object({ number: numberField });
export const CallInfoSchema = v.object({
  id: v.number(),
  number: v.string(),
  name: v.nullable(v.string()),
  is_active: v.boolean(),
  purpose: v.nullable(v.picklist(SIP_NUMBER_PURPOSES)),
  user: v.nullable(ref),
  device: v.nullable(ref),
  domain: v.nullable(ref),
  /** The owner's place as a path of groups ("Building A / Unit 101"), or the user's own address. */
  address: v.nullable(v.string()),
});
export type CallInfo = v.InferOutput<typeof CallInfoSchema>;
