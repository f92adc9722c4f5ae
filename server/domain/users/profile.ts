import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../../src/contract/constants';
import { IDENTIFIER_FORMATS, type Profile, type ProfilePatch } from '../../../src/contract/entities/profile';
import type { AppContext } from '../../context';
import type { Database, UserUpdate } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { readFeatures } from '../project/features';
import { ownSipNumber } from '../telephony/sip-contacts';
import { personColumns } from './person-columns';
import { assertUnique } from './users';

const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';
const asIdentifierFormat = (value: string) =>
  (IDENTIFIER_FORMATS as readonly string[]).includes(value) ? (value as (typeof IDENTIFIER_FORMATS)[number]) : 'dec';

/** The current user in the current project, as GET /profile answers (ProfileSchema). */
export async function loadProfile(db: Kysely<Database>, auth: Auth): Promise<Profile | null> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', auth.userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return null;
  const project = await db
    .selectFrom('projects')
    .select('features')
    .where('id', '=', auth.projectId)
    .executeTakeFirst();
  // 6.2: virtual numbers need SIP enabled; without the licence the softphone has nothing to register.
  const sipLicensed = readFeatures(project?.features ?? '{}').sip;
  const locale = asLanguage(user.locale);
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    description: user.description,
    avatar_url: user.avatar_url,
    locale,
    is_app_popup_active: user.is_app_popup_active === 1,
    role: { id: auth.role.id, name: auth.role.name, permissions: auth.role.permissions },
    project: { id: auth.projectId, name: auth.projectName },
    sip_number: sipLicensed ? await ownSipNumber(db, auth, user.sip_number_id) : null,
    profile: {
      phone: user.profile_phone,
      address: user.profile_address,
      use_phone_in_forward: user.use_phone_in_forward === 1,
      country_code: user.country_code,
      time_zone: user.time_zone,
      sip_number_id: user.sip_number_id,
      identifier_format: asIdentifierFormat(user.identifier_format),
      time_format: user.time_format,
      locale,
      is_app_popup_active: user.is_app_popup_active === 1,
    },
  };
}

/** Maps a validated PATCH /profile body to columns; blank optional text becomes null (7.9). */
export function profilePatchToColumns(patch: ProfilePatch): UserUpdate {
  const set = personColumns(patch);
  if (patch.locale !== undefined) set.locale = patch.locale;
  return set;
}

/** PATCH /profile: the caller's own fields. */
export async function updateOwnProfile(ctx: AppContext, auth: Auth, patch: ProfilePatch): Promise<void> {
  // The same rule as the users calls: an e-mail belongs to one account.
  await assertUnique(ctx.db, { email: patch.email }, auth.userId);
  await updateOwnUser(ctx.db, auth.userId, profilePatchToColumns(patch));
}

/** Writes columns of the user's own row; an empty change touches nothing. */
export async function updateOwnUser(db: Kysely<Database>, userId: number, set: UserUpdate): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db
    .updateTable('users')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}
