import type { Kysely } from 'kysely';
import {
  type MailPreview,
  type MailPreviewRequest,
  type MailTypeCode,
  mailTypeById,
  templateErrors,
} from '../../../src/contract/entities/mail-template';
import type { MailTestResult } from '../../../src/contract/entities/project-settings';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { defaultTemplate, sampleValues } from '../../mail/templates';
import type { Auth } from '../auth/auth-context';
import { invalidData } from '../errors';
import { projectLocale } from '../project/settings';
import { type ComposedMail, mailComposer, outgoing, placesOf } from './compose';

type Ctx = { db: Kysely<Database>; config: Pick<Config, 'publicUrl'>; mailer: Pick<Mailer, 'deliverNow'> };

/**
 * A preview (7.6, 7.3): a type rendered with sample values, from draft texts when
 * they are sent (checked like a template's), else from the template that applies
 * at the project level or in the group (`groupId`), with that group's white label.
 */
export async function composePreview(
  ctx: Pick<Ctx, 'db' | 'config'>,
  auth: Auth,
  request: MailPreviewRequest,
  groupId: number | null,
): Promise<ComposedMail> {
  const type = mailTypeById(request.mail_type_id);
  if (!type || (groupId !== null && !type.domain)) throw invalidData({ mail_type_id: { code: 'invalid' } });
  const code = type.code as MailTypeCode;
  let draft: { subject: string; body: string } | null = null;
  if (request.subject != null || request.body != null) {
    const fallback = defaultTemplate(code, request.locale);
    draft = { subject: request.subject ?? fallback.subject, body: request.body ?? fallback.body };
    const errors = templateErrors(type.id, draft.subject, draft.body);
    if (Object.keys(errors).length > 0) throw invalidData(errors);
  }
  const composer = await mailComposer(ctx.db, ctx.config, auth.projectId, code);
  const groups = groupId === null ? [] : await placesOf(ctx.db, auth.projectId, [groupId]);
  return composer.compose({
    groups,
    locale: request.locale,
    values: sampleValues(code, request.locale, composer.url),
    draft,
  });
}

export const previewAnswer = (mail: ComposedMail): MailPreview => ({
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  content_html: mail.content,
  source: mail.source,
  template_id: mail.templateId,
  brand: mail.brand,
});

/** preview/send: the preview to an address (the caller's own unless given), through the project's mail. */
export async function sendPreview(
  ctx: Ctx,
  auth: Auth,
  request: MailPreviewRequest & { email?: string | null },
  groupId: number | null,
) {
  let to = request.email?.trim() || null;
  if (!to) {
    const me = await ctx.db.selectFrom('users').select('email').where('id', '=', auth.userId).executeTakeFirst();
    to = me?.email ?? null;
  }
  if (!to) throw invalidData({ email: { code: 'required' } });
  const mail = await composePreview(ctx, auth, request, groupId);
  const delivery = await ctx.mailer.deliverNow(outgoing(to, 'preview', auth.projectId, mail));
  return { to, status: delivery.status };
}

/**
 * POST /project/mail/test: a real message through the project's mail settings, now,
 * answering what the relay said (unlike other mail, whose failures only the outbox
 * shows): `sent`, `kept` (mode none: it stays in the outbox), or `failed` with the error.
 */
export async function sendMailTest(ctx: Ctx, auth: Auth, email: string): Promise<MailTestResult> {
  const composer = await mailComposer(ctx.db, ctx.config, auth.projectId, 'mail_test');
  const locale = await projectLocale(ctx.db, auth.projectId);
  const mail = await composer.compose({
    groups: [],
    locale,
    values: { time: new Date().toISOString().slice(0, 19).replace('T', ' ') },
  });
  const delivery = await ctx.mailer.deliverNow(outgoing(email, 'mail_test', auth.projectId, mail));
  return { status: delivery.status, error: delivery.error };
}
