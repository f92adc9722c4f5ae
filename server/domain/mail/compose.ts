import type { Kysely } from 'kysely';
import { type MailTypeCode, mailTypeByCode } from '../../../src/contract/entities/mail-template';
import type { WhitelabelView } from '../../../src/contract/entities/project-settings';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { OutgoingMail } from '../../mail/mailer';
import { type MailBrand, type MailValues, type RenderedMail, renderMail } from '../../mail/render';
import { defaultTemplate } from '../../mail/templates';
import { PRODUCT_NAME } from '../../version';
import { projectPublicUrl } from '../project/settings';
import { whitelabelFor } from '../project/whitelabel';

/**
 * Every mail the product sends is composed here (docs/decisions.md, Project
 * settings and mail): the template of its type that applies where the mail
 * belongs — the nearest group above its recipient (or the device it is about)
 * that has one, else the project's, else the built-in text of the recipient's
 * language — filled with its values and the common ones (project, white label,
 * server URL), in the white label's frame.
 */

type Db = Kysely<Database>;
type Place = { lft: number; rgt: number };

/** Where a mail's texts came from (previews say it). */
export type TemplateSource = 'draft' | 'group' | 'project' | 'default';

export interface ComposedMail extends RenderedMail {
  source: TemplateSource;
  templateId: number | null;
  brand: MailBrand;
}

export interface ComposeRequest {
  /** The groups the mail is about (the recipient's, a device's); none: the project level. */
  groups: Place[];
  locale: string;
  values: MailValues;
  /** Texts being edited, instead of the stored ones (a preview). */
  draft?: { subject: string; body: string } | null;
}

/**
 * A composer for many mails of one type in one project (an import's
 * invitations): the project's templates of the type and its data are read once,
 * white labels once per set of groups.
 */
export async function mailComposer(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  projectId: number | null,
  code: MailTypeCode,
) {
  const type = mailTypeByCode(code);
  const project =
    projectId === null
      ? null
      : await db.selectFrom('projects').select(['id', 'name']).where('id', '=', projectId).executeTakeFirst();
  const url = await projectPublicUrl(db, config, project?.id ?? null);
  const templates = project
    ? await db
        .selectFrom('mail_templates as t')
        .leftJoin('domains as g', 'g.id', 't.domain_id')
        .select(['t.id', 't.domain_id', 't.subject', 't.body', 'g.lft', 'g.rgt'])
        .where('t.project_id', '=', project.id)
        .where('t.mail_type_id', '=', type.id)
        .execute()
    : [];
  const projectTemplate = templates.find((t) => t.domain_id === null) ?? null;
  const groupTemplates = templates
    .filter((t) => t.domain_id !== null && t.lft !== null && t.rgt !== null)
    .sort((a, b) => Number(b.lft) - Number(a.lft));
  const brands = new Map<string, Promise<WhitelabelView | null>>();

  const brandOf = async (groups: Place[]): Promise<MailBrand> => {
    let view: WhitelabelView | null = null;
    if (project) {
      const key = groups.map((g) => `${g.lft}-${g.rgt}`).join(',');
      let found = brands.get(key);
      if (!found) {
        found = whitelabelFor(db, project.id, { places: groups });
        brands.set(key, found);
      }
      view = await found;
    }
    const logo = view?.logo_url ?? null;
    return {
      name: view?.name?.trim() || PRODUCT_NAME,
      logo_url: logo ? (logo.startsWith('/') ? `${url}${logo}` : logo) : null,
      address: view?.address ?? null,
      email: view?.email ?? null,
      phone: view?.phone ?? null,
    };
  };

  return {
    url,
    projectName: project?.name ?? '',
    async compose(request: ComposeRequest): Promise<ComposedMail> {
      let source: TemplateSource = 'default';
      let template: { id: number | null; subject: string; body: string } = {
        id: null,
        ...defaultTemplate(code, request.locale),
      };
      if (request.draft) {
        source = 'draft';
        template = { id: null, ...request.draft };
      } else {
        // The deepest group template above (or at) one of the mail's groups.
        const nearest = groupTemplates.find((t) =>
          request.groups.some((g) => Number(t.lft) <= g.lft && Number(t.rgt) >= g.rgt),
        );
        if (nearest) {
          source = 'group';
          template = { id: nearest.id, subject: nearest.subject, body: nearest.body };
        } else if (projectTemplate) {
          source = 'project';
          template = { id: projectTemplate.id, subject: projectTemplate.subject, body: projectTemplate.body };
        }
      }
      const brand = await brandOf(request.groups);
      const values: MailValues = {
        ...request.values,
        project: project?.name ?? '',
        brand_name: brand.name,
        brand_address: brand.address ?? '',
        brand_email: brand.email ?? '',
        brand_phone: brand.phone ?? '',
        server_url: url,
      };
      return { ...renderMail(template, values, brand), source, templateId: template.id, brand };
    },
  };
}

/** The groups of users in a project, by user (their places in the tree). */
export async function groupsOfUsers(db: Db, projectId: number, userIds: number[]): Promise<Map<number, Place[]>> {
  const out = new Map<number, Place[]>();
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('user_domains as ud')
      .innerJoin('domains as g', 'g.id', 'ud.domain_id')
      .select(['ud.user_id', 'g.lft', 'g.rgt'])
      .where('g.project_id', '=', projectId)
      .where('ud.user_id', 'in', userIds.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      const list = out.get(row.user_id) ?? [];
      list.push({ lft: row.lft, rgt: row.rgt });
      out.set(row.user_id, list);
    }
  }
  return out;
}

/** The places of groups by id. */
export async function placesOf(db: Db, projectId: number, groupIds: number[]): Promise<Place[]> {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('domains')
    .select(['lft', 'rgt'])
    .where('project_id', '=', projectId)
    .where('id', 'in', groupIds)
    .execute();
}

/**
 * The project a mail of no project speaks for: the account's oldest project
 * (password recovery), else the installation's first (self-registration: the
 * operator's). Null only on an empty installation.
 */
export async function mailProjectOf(db: Db, userId: number | null): Promise<number | null> {
  if (userId !== null) {
    const own = await db
      .selectFrom('memberships as m')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .select('p.id')
      .where('m.user_id', '=', userId)
      .where('p.deleted_at', 'is', null)
      .orderBy('m.created_at')
      .orderBy('p.id')
      .executeTakeFirst();
    if (own) return own.id;
  }
  const first = await db
    .selectFrom('projects')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  return first?.id ?? null;
}

/** What sending one composed mail needs. */
export interface TemplatedMail {
  to: string;
  type: MailTypeCode;
  projectId: number | null;
  /** The recipient (their groups choose the template and white label), or the groups the mail is about. */
  userId?: number | null;
  groupIds?: number[];
  locale: string;
  values: MailValues;
}

/** Composes one mail: its groups, then the template that applies. */
export async function composeOne(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  mail: Omit<TemplatedMail, 'to'>,
): Promise<ComposedMail> {
  const composer = await mailComposer(db, config, mail.projectId, mail.type);
  let groups: Place[] = [];
  if (mail.projectId !== null) {
    if (mail.userId != null) groups = (await groupsOfUsers(db, mail.projectId, [mail.userId])).get(mail.userId) ?? [];
    else if (mail.groupIds) groups = await placesOf(db, mail.projectId, mail.groupIds);
  }
  return composer.compose({ groups, locale: mail.locale, values: mail.values });
}

/** The outgoing message of a composed mail. */
export const outgoing = (to: string, kind: string, projectId: number | null, mail: RenderedMail): OutgoingMail => ({
  to,
  subject: mail.subject,
  body: mail.text,
  html: mail.html,
  kind,
  projectId,
});

/** Composes and sends one mail (the outbox first, SMTP by the project's settings). */
export async function sendTemplatedMail(
  ctx: { db: Db; config: Pick<Config, 'publicUrl'>; mailer: { send(mail: OutgoingMail): Promise<unknown> } },
  mail: TemplatedMail,
): Promise<ComposedMail> {
  const composed = await composeOne(ctx.db, ctx.config, mail);
  await ctx.mailer.send(outgoing(mail.to, mail.type, mail.projectId, composed));
  return composed;
}
