import * as v from 'valibot';

/** Registration by invitation and password recovery (7.2). */
const password = v.pipe(v.string(), v.minLength(8), v.maxLength(128));
const token = v.pipe(v.string(), v.minLength(16), v.maxLength(128));

export const InviteSendSchema = v.object({ users: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1)) });
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

export const PasswordRecoverySchema = v.object({ email: v.pipe(v.string(), v.trim(), v.email('email')) });
export const PasswordResetSchema = v.object({ code: token, password });
