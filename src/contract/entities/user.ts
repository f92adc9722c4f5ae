import * as v from 'valibot';
import { defineEntity } from '../entity';
import { fieldRule } from '../field-rules';
import { listAnswer } from '../filters';
import { IdSchema, idList } from '../ids';
import { EmailSchema, IDENTIFIER_FORMATS, PersonNameSchema, PHONE_PATTERN, ProfileSettingsSchema } from './profile';

/**
 * Users of section 3. A user is one account (login, password) with a
 * membership in each project it works in (role, groups); the list of a project
 * is its members. Collections of areas that arrive later (access rules,
 * identifiers, SIP numbers, mobile clients, linked entities, elevator access
 * rules) are answered as empty lists until those areas land.
 */
const ref = v.object({ id: v.number(), name: v.string() });
const nullableString = v.nullable(v.string());

/** The licence view of a user (section 3): which licensed features apply to them. */
export const UserLicenseInfoSchema = v.object({
  sip: v.boolean(),
  mobile_app: v.boolean(),
  elevator: v.boolean(),
  face_id: v.boolean(),
  license_plate: v.boolean(),
  ukey2: v.boolean(),
  amenity: v.boolean(),
  identifier: v.boolean(),
});
export type UserLicenseInfo = v.InferOutput<typeof UserLicenseInfoSchema>;

export const UserSchema = v.object({
  id: v.number(),
  login: v.string(),
  name: v.string(),
  description: nullableString,
  firstname: nullableString,
  lastname: nullableString,
  email: nullableString,
  phone: nullableString,
  avatar_url: nullableString,
  role: ref,
  domains: v.array(ref),
  markers: v.array(v.object({ id: v.number(), name: v.string(), color: v.string() })),
  access_rules: v.array(ref),
  identifiers: v.array(ref),
  sip_numbers: v.array(ref),
  mobile_clients: v.array(ref),
  linked_users: v.array(ref),
  linked_mobile_clients: v.array(ref),
  linked_sip_numbers: v.array(ref),
  elevator_access_rules: v.array(ref),
  elevator_access_disabled: v.boolean(),
  activated_at: nullableString,
  send_registration_link: v.boolean(),
  license_info: UserLicenseInfoSchema,
  profile: ProfileSettingsSchema,
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type User = v.InferOutput<typeof UserSchema>;

/**
 * A row of the users list and pickers (docs/decisions.md, Lists): what the table shows
 * (name, login, avatar, e-mail, role, groups, markers, status) and pickers describe users
 * by. The edit page reads the whole user from `GET /users/{id}`.
 */
export const UserListItemSchema = v.object({
  id: v.number(),
  login: v.string(),
  name: v.string(),
  email: nullableString,
  avatar_url: nullableString,
  role: ref,
  domains: v.array(ref),
  markers: v.array(v.object({ id: v.number(), name: v.string(), color: v.string() })),
  activated_at: nullableString,
});
export type UserListItem = v.InferOutput<typeof UserListItemSchema>;

/** Section 5: letters, numbers, dash or underscore (also dot and @ so e-mails can serve as logins). */
export const LOGIN_PATTERN = /^[A-Za-z0-9._@-]+$/;

const text = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))));
const name = PersonNameSchema;
const ids = (min: number) => idList(min);

const UserProfileInputSchema = v.partial(
  v.object({
    phone: v.nullable(v.pipe(v.string(), v.regex(PHONE_PATTERN, 'phone'))),
    address: v.nullable(v.pipe(v.string(), v.maxLength(255))),
    use_phone_in_forward: v.boolean(),
    country_code: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
    time_zone: v.pipe(v.number(), v.minValue(-12), v.maxValue(14)),
    identifier_format: v.picklist(IDENTIFIER_FORMATS),
    time_format: v.pipe(v.string(), v.maxLength(32)),
  }),
);

const userFields = {
  name,
  firstname: text(255),
  lastname: text(255),
  email: v.optional(v.nullable(EmailSchema)),
  phone: v.optional(v.nullable(v.pipe(v.string(), v.regex(PHONE_PATTERN, 'phone')))),
  description: text(1000),
  role_id: IdSchema,
  /** At least one group (section 5). */
  domains: ids(1),
  markers: v.optional(ids(0), []),
  elevator_access_disabled: v.optional(v.boolean(), false),
  profile: v.optional(UserProfileInputSchema),
};

export const UserCreateSchema = v.object({
  login: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64), v.regex(LOGIN_PATTERN, 'invalid')),
  ...userFields,
  /** Without a password the user sets one through the registration link. */
  password: v.optional(v.nullable(v.pipe(v.string(), v.minLength(8), v.maxLength(128)))),
  /** New users default to receiving a registration link (2.5): absent, the project's registration flag decides. */
  send_registration_link: v.optional(v.boolean()),
});
export type UserCreate = v.InferOutput<typeof UserCreateSchema>;

export const UserPatchSchema = v.partial(v.object({ ...userFields, login: UserCreateSchema.entries.login }));
export type UserPatch = v.InferOutput<typeof UserPatchSchema>;

export const usersEntity = defineEntity({
  name: 'users',
  path: '/users',
  access: {
    view: ['users.view', 'users.view_all'],
    create: ['users.create'],
    edit: ['users.edit_all', 'users.edit_profile'],
    delete: ['users.delete'],
  },
  item: UserSchema,
  listItem: UserListItemSchema,
  create: UserCreateSchema,
  patch: UserPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    login: { kind: 'text', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    firstname: { kind: 'text', sortable: true, filterable: true },
    lastname: { kind: 'text', sortable: true, filterable: true },
    email: { kind: 'text', sortable: true, filterable: true },
    phone: { kind: 'text', sortable: true, filterable: true },
    activated_at: { kind: 'date', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    role: { kind: 'relation', filterable: true },
    domains: { kind: 'relation', filterable: true },
    markers: { kind: 'relation', filterable: true },
    /** Computed: users who may administer this group (members of it or of a group above it, with a role that edits groups). */
    limit_by_domain_id: { kind: 'number', filterable: true },
  },
  search: ['name', 'email', 'login'],
  with: [],
  defaultSort: ['name'],
  exportable: true,
});

/** Rules of a user's page that gate a card, not a call (6.2: users view and edit licences). */
export const USER_FIELD_RULES = {
  /** The licence card of the edit page (license_info). */
  licences: fieldRule(['users.view_licences', 'users.edit_licences']),
};

export const UserListSchema = listAnswer(UserListItemSchema);

/** POST /users/{id}/password: an administrator sets a new password. */
export const UserPasswordSchema = v.object({ new_password: v.pipe(v.string(), v.minLength(8), v.maxLength(128)) });
