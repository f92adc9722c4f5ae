import * as v from 'valibot';
import { LANGUAGES } from '../constants';

/** Identifier display format (section 3, profile). */
export const IDENTIFIER_FORMATS = ['dec', 'hex'] as const;

const nullableString = v.nullable(v.string());

/** Settings a user keeps on their own profile (section 3, user.profile). */
export const ProfileSettingsSchema = v.object({
  phone: nullableString,
  address: nullableString,
  use_phone_in_forward: v.boolean(),
  country_code: nullableString,
  time_zone: v.number(),
  sip_number_id: v.nullable(v.number()),
  identifier_format: v.picklist(IDENTIFIER_FORMATS),
  time_format: v.string(),
  locale: v.picklist(LANGUAGES),
  is_app_popup_active: v.boolean(),
});
export type ProfileSettings = v.InferOutput<typeof ProfileSettingsSchema>;

/** The role as the profile carries it: with its permission strings. */
export const ProfileRoleSchema = v.object({
  id: v.number(),
  name: v.string(),
  permissions: v.array(v.string()),
});

/**
 * The current user's own active SIP number, when they have one (drives the
 * dialer): the softphone registers as number@host with this password.
 */
export const ProfileSipNumberSchema = v.object({
  id: v.number(),
  number: v.string(),
  name: nullableString,
  password: v.string(),
});

/** GET /profile answer: the current user in the current project. */
export const ProfileSchema = v.object({
  id: v.number(),
  login: v.string(),
  name: v.string(),
  firstname: nullableString,
  lastname: nullableString,
  email: nullableString,
  phone: nullableString,
  description: nullableString,
  avatar_url: nullableString,
  locale: v.picklist(LANGUAGES),
  is_app_popup_active: v.boolean(),
  role: ProfileRoleSchema,
  project: v.object({ id: v.number(), name: v.string() }),
  sip_number: v.nullable(ProfileSipNumberSchema),
  profile: ProfileSettingsSchema,
});
export type Profile = v.InferOutput<typeof ProfileSchema>;

const optionalNullableText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))));

/** International phone format: a plus and 7 to 15 digits (section 5). */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

/** Name rule of section 5: 1 to 31 characters without special characters (decided list, see decisions.md). */
export const NAME_FORBIDDEN = /[<>{}[\]\\/|^~`"$%&*=+;:?!#]/;

/** A person's name (users and the own profile alike: section 5 name rule). */
export const PersonNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(31),
  v.check((s) => !NAME_FORBIDDEN.test(s), 'name_rule'),
);

/** An e-mail address, unique across accounts (checked by the server, case-insensitively). */
export const EmailSchema = v.pipe(v.string(), v.trim(), v.email('email'), v.maxLength(255));

/**
 * PATCH /profile body: the fields a user may change on their own profile, with
 * the rules of the users calls. Role, groups and permissions are not among
 * them: a body naming only those is refused (`invalid data sent`).
 */
export const ProfilePatchSchema = v.object({
  name: v.optional(PersonNameSchema),
  firstname: optionalNullableText(255),
  lastname: optionalNullableText(255),
  email: v.optional(v.nullable(EmailSchema)),
  phone: v.optional(v.nullable(v.pipe(v.string(), v.regex(PHONE_PATTERN, 'phone')))),
  description: optionalNullableText(1000),
  locale: v.optional(v.picklist(LANGUAGES)),
  profile: v.optional(
    v.partial(
      v.object({
        phone: v.nullable(v.pipe(v.string(), v.regex(PHONE_PATTERN, 'phone'))),
        address: v.nullable(v.pipe(v.string(), v.maxLength(255))),
        use_phone_in_forward: v.boolean(),
        country_code: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
        time_zone: v.pipe(v.number(), v.minValue(-12), v.maxValue(14)),
        identifier_format: v.picklist(IDENTIFIER_FORMATS),
        time_format: v.pipe(v.string(), v.maxLength(32)),
      }),
    ),
  ),
});
export type ProfilePatch = v.InferOutput<typeof ProfilePatchSchema>;

/** POST /profile/password body. */
export const PasswordChangeSchema = v.object({
  old: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  new: v.pipe(v.string(), v.minLength(8), v.maxLength(128)),
});
export type PasswordChange = v.InferOutput<typeof PasswordChangeSchema>;
