import * as v from 'valibot';
import { anyOf, defineCalls, envelope, OkSchema, PUBLIC } from '../call';
import {
  ConfirmSchema,
  InvitationSchema,
  InviteSendSchema,
  InviteSentSchema,
  PasswordRecoverySchema,
  PasswordResetSchema,
  RegisteredSchema,
  RegistrationByTokenSchema,
  SelfRegistrationInfoSchema,
  SelfRegistrationSchema,
  SimpleRegistrationSchema,
} from '../entities/registration';

/** A token of a mailed link: letters, digits, `-` and `_` (anything else names nothing). */
const TokenParamsSchema = v.object({ token: v.pipe(v.string(), v.regex(/^[\w-]{1,256}$/)) });

/** Registration by invitation, self-registration and password recovery (7.2). */
export const REGISTRATION_CALLS = defineCalls({
  'POST /registration/invite/send': {
    audit: { entity: 'users', action: 'invite' },
    access: anyOf(['users.create', 'users.edit_all']),
    body: InviteSendSchema,
    response: InviteSentSchema,
  },
  'GET /registration/{token}': { access: PUBLIC, params: TokenParamsSchema, response: envelope(InvitationSchema) },
  'POST /registration': { access: PUBLIC, body: RegistrationByTokenSchema, response: RegisteredSchema },
  'POST /password/recovery': { access: PUBLIC, body: PasswordRecoverySchema, response: OkSchema },
  'POST /password/reset': { access: PUBLIC, body: PasswordResetSchema, response: OkSchema },
  // The simple registration of 7.2: only where self-registration is allowed (docs/decisions.md).
  'POST /registration/simple': { access: PUBLIC, body: SimpleRegistrationSchema, response: RegisteredSchema },
  'POST /registration/self': { access: PUBLIC, body: SelfRegistrationSchema, response: OkSchema },
  'GET /registration/confirm/{token}': {
    access: PUBLIC,
    params: TokenParamsSchema,
    response: envelope(SelfRegistrationInfoSchema),
  },
  'POST /registration/confirm': { access: PUBLIC, body: ConfirmSchema, response: RegisteredSchema },
  'POST /registration/confirm/{token}/resend': { access: PUBLIC, params: TokenParamsSchema, response: OkSchema },
});
