import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SelfRegistration } from '../../../src/contract/entities/registration';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { insertUser } from '../../db/seed/builders';
import { createProjectWithAdmin } from '../../db/seed/project';
import { hashPassword } from '../auth/passwords';
import { isoIn, nowIso } from '../clock';
import { invalidData, refused } from '../errors';
import { mailProjectOf, sendTemplatedMail } from '../mail/compose';
import { NO_FEATURES } from '../project/features';

/**
 * Self-registration (7.2): the form is kept as pending and a confirmation link
 * is mailed (valid 1 day); confirming it creates the account (login = e-mail),
 * a project named after the object with its root group, and makes the person
 * its administrator. Resending replaces the code. Only when the server allows
 * self-registration (GATEHOUSE_SELF_REGISTRATION=1).
 */
const LIFETIME_SECONDS = 86_400;
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
const outdated = () => refused(ERROR_CODES.verificationLinkOutdated);

async function mailCode(ctx: AppContext, id: number, email: string, name: string) {
  const code = randomBytes(24).toString('base64url');
  await ctx.db
    .updateTable('self_registrations')
    .set({ code_hash: hashOf(code), expires_at: isoIn(LIFETIME_SECONDS) })
    .where('id', '=', id)
    .execute();
  // No project exists yet: the installation's first project speaks (its templates and SMTP).
  await sendTemplatedMail(ctx, {
    to: email,
    type: 'confirmation',
    projectId: await mailProjectOf(ctx.db, null),
    locale: 'en',
    values: { name, link: `${ctx.config.publicUrl}/registration/confirm/${code}` },
  });
}

export async function requestSelfRegistration(ctx: AppContext, body: SelfRegistration): Promise<void> {
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', body.user_email), eb('login', '=', body.user_email)]))
    .executeTakeFirst();
  if (taken) throw invalidData({ user_email: { code: 'not_unique' } });
  const { user_password, ...payload } = body;
  const row = await ctx.db
    .insertInto('self_registrations')
    .values({
      code_hash: hashOf(randomBytes(24).toString('base64url')),
      email: body.user_email,
      payload: JSON.stringify(payload),
      password_hash: await hashPassword(user_password),
      expires_at: isoIn(LIFETIME_SECONDS),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await mailCode(ctx, row.id, body.user_email, body.user_name);
}

async function pending(db: Kysely<Database>, code: string) {
  const row = await db
    .selectFrom('self_registrations')
    .selectAll()
    .where('code_hash', '=', hashOf(code))
    .executeTakeFirst();
  if (!row || (row.confirmed_at === null && row.expires_at <= nowIso())) throw outdated();
  return { ...row, form: JSON.parse(row.payload) as Omit<SelfRegistration, 'user_password'> };
}

export async function selfRegistrationInfo(db: Kysely<Database>, code: string) {
  const row = await pending(db, code);
  return {
    user_name: row.form.user_name,
    user_email: row.form.user_email,
    user_type: row.form.user_type,
    object_name: row.form.object_name,
    confirmed: row.confirmed_at !== null,
  };
}

export async function confirmSelfRegistration(db: Kysely<Database>, code: string): Promise<{ login: string }> {
  const row = await pending(db, code);
  if (row.confirmed_at !== null) throw refused(ERROR_CODES.userRegisteredAlready);
  const { form } = row;
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('login', '=', form.user_email).executeTakeFirst();
    if (taken) throw refused(ERROR_CODES.userRegisteredAlready);
    const userId = await insertUser(trx, {
      login: form.user_email,
      passwordHash: row.password_hash,
      name: form.user_name,
      email: form.user_email,
    });
    await trx
      .updateTable('users')
      .set({ phone: form.user_phone, country_code: form.user_country })
      .where('id', '=', userId)
      .execute();
    await createProjectWithAdmin(trx, form.object_name, userId, NO_FEATURES);
    await trx.updateTable('self_registrations').set({ confirmed_at: nowIso() }).where('id', '=', row.id).execute();
    return { login: form.user_email };
  });
}

export async function resendSelfRegistration(ctx: AppContext, code: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('self_registrations')
    .selectAll()
    .where('code_hash', '=', hashOf(code))
    .executeTakeFirst();
  if (!row || row.confirmed_at !== null) throw outdated();
  const form = JSON.parse(row.payload) as { user_name: string };
  await mailCode(ctx, row.id, row.email, form.user_name);
}
