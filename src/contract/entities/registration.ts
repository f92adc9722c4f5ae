import * as v from 'valibot';
import { idList } from '../ids';
import { NAME_FORBIDDEN, PersonNameSchema, PHONE_PATTERN } from './profile';
import { UserCreateSchema } from './user';

/** Registration by invitation and password recovery (7.2). */
const password = v.pipe(v.string(), v.minLength(8), v.maxLength(128));
const token = v.pipe(v.string(), v.minLength(16), v.maxLength(128));

export const InviteSendSchema = v.object({ users: idList(1) });
export const InviteSentSchema = v.object({ data: v.object({ sent: v.number() }) });

export const InvitationSchema = v.object({
  login: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  project: v.string(),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

export const RegistrationByTokenSchema = v.object({ token, password });
export const RegisteredSchema = v.object({ data: v.object({ login: v.string() }) });

/**
 * POST /registration/simple (7.2): an account of its own (name, login, password), in no project
 * yet; an administrator adds it to a project by its login (the users' batch upload). Same rules
 * as the users form: the name rule, the login pattern, a password of 8 to 128.
 */
export const SimpleRegistrationSchema = v.object({
  name: PersonNameSchema,
  login: UserCreateSchema.entries.login,
  password,
});
export type SimpleRegistration = v.InferOutput<typeof SimpleRegistrationSchema>;

export const PasswordRecoverySchema = v.object({ email: v.pipe(v.string(), v.trim(), v.email('email')) });
export const PasswordResetSchema = v.object({ code: token, password });

/** Self-registration (7.2): a dealer/installer or a private client registers an object of their own. */
export const SELF_REGISTRATION_TYPES = ['dealer', 'installer', 'private'] as const;
export const SelfRegistrationSchema = v.object({
  user_name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1),
    v.maxLength(31),
    v.check((s) => !NAME_FORBIDDEN.test(s), 'name_rule'),
  ),
  user_country: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'invalid')),
  user_email: v.pipe(v.string(), v.trim(), v.email('email'), v.maxLength(255)),
  user_type: v.picklist(SELF_REGISTRATION_TYPES),
  user_phone: v.pipe(v.string(), v.trim(), v.regex(PHONE_PATTERN, 'phone')),
  object_name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1),
    v.maxLength(31),
    v.check((s) => !NAME_FORBIDDEN.test(s), 'name_rule'),
  ),
  user_password: password,
});
export type SelfRegistration = v.InferOutput<typeof SelfRegistrationSchema>;

/** What the confirmation page shows about a pending self-registration. */
export const SelfRegistrationInfoSchema = v.object({
  user_name: v.string(),
  user_email: v.string(),
  user_type: v.picklist(SELF_REGISTRATION_TYPES),
  object_name: v.string(),
  confirmed: v.boolean(),
});
export const ConfirmSchema = v.object({ token });
