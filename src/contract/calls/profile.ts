import * as v from 'valibot';
import { defineCalls, envelope, member, OkSchema } from '../call';
import { PasswordChangeSchema, ProfilePatchSchema, ProfileSchema } from '../entities/profile';

const own = member("the caller's own profile and account (6.1: a user may always edit their own profile)");

/** The caller's profile, password and account (7.2). */
export const PROFILE_CALLS = defineCalls({
  'GET /profile': { access: own, response: envelope(ProfileSchema) },
  'PATCH /profile': { access: own, body: ProfilePatchSchema, response: envelope(ProfileSchema) },
  'POST /profile/password': { access: own, body: PasswordChangeSchema, response: OkSchema },
  'PATCH /profile/mobile-client/popup/active': {
    audit: false,
    access: own,
    body: v.object({ is_app_popup_active: v.boolean() }),
    response: envelope(ProfileSchema),
  },
  'DELETE /account': { access: own, response: OkSchema },
});
