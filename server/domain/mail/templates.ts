import { type Kysely, type SqlBool, sql } from 'kysely';
import {
  type MailTemplate,
  type MailTemplateCreate,
  type MailTemplatePatch,
  mailTypeById,
  templateErrors,
} from '../../../src/contract/entities/mail-template';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, prohibited, refused } from '../errors';
import { groupLevelReach, levelWriteReach, mayWriteAtLevel } from '../groups/level-scope';

/**
 * Mail templates (6.3, 7.6). Who sees which, in SQL:
 * - project.view_settings or project.change_settings: every template of the project;
 * - domains.edit_all: every group's template; domains.edit_descendants: those of groups
 *   strictly below the caller's groups; self_domain.manage_mail_templates: those of the
 *   caller's own groups.
 * Who changes which (6.3): a project-level template (no group) needs
 * project.change_settings; a group's needs edit-all, edit-descendants (a group strictly
 * below one of the caller's) or manage-self-domain mail templates (one of the caller's).
 * One template per type at each level: another is `a template of this type exists`.
 */

const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);
const seesProject = (auth: Auth) => can(auth, 'project.view_settings') || can(auth, 'project.change_settings');

const reach = (auth: Auth, alias: string) => groupLevelReach(auth, alias, 'self_domain.manage_mail_templates');

export function scopedTemplates(db: Kysely<Database>, auth: Auth) {
  const q = db.selectFrom('mail_templates as t').where('t.project_id', '=', auth.projectId);
  if (seesProject(auth)) return q;
  return q.where(reach(auth, 't') ?? sql<SqlBool>`1 = 0`);
}

export const TEMPLATE_COLUMNS = {
  id: 't.id',
  mail_type_id: 't.mail_type_id',
  domain_id: 't.domain_id',
  subject: 't.subject',
  updated_at: 't.updated_at',
} as const;

export function selectTemplates(q: ReturnType<typeof scopedTemplates>) {
  return q
    .leftJoin('domains as g', 'g.id', 't.domain_id')
    .leftJoin('users as author', 'author.id', 't.created_by_user_id')
    .select([
      't.id',
      't.mail_type_id',
      't.domain_id',
      't.subject',
      't.body',
      't.created_at',
      't.updated_at',
      'g.name as domain_name',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}

export type TemplateRow = RowOf<ReturnType<typeof selectTemplates>>;

export function toTemplate(row: TemplateRow): MailTemplate {
  const typeId = Number(row.mail_type_id);
  const domainId = row.domain_id === null ? null : Number(row.domain_id);
  return {
    id: Number(row.id),
    mail_type_id: typeId,
    mail_type: mailTypeById(typeId)?.code ?? String(typeId),
    domain_id: domainId,
    domain: domainId === null ? null : { id: domainId, name: String(row.domain_name ?? '') },
    subject: String(row.subject),
    body: String(row.body),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
  };
}

const mayWriteAt = (db: Kysely<Database>, auth: Auth, domainId: number | null) =>
  mayWriteAtLevel(db, auth, domainId, 'self_domain.manage_mail_templates');

/** Of visible templates, the ones the caller may edit or delete (6.3, by each template's level). */
export async function permittedTemplates(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const writable = levelWriteReach(auth, 't', 'self_domain.manage_mail_templates');
  if (writable === null) return [];
  const rows = await db
    .selectFrom('mail_templates as t')
    .select('t.id')
    .where('t.project_id', '=', auth.projectId)
    .where('t.id', 'in', ids)
    .where(writable)
    .execute();
  return rows.map((r) => Number(r.id));
}

function assertTexts(typeId: number, subject: string, body: string) {
  const errors = templateErrors(typeId, subject, body);
  if (Object.keys(errors).length > 0) throw invalidData(errors);
}

const templateExists = () => refused(ERROR_CODES.templateExists, { errors: { mail_type_id: { code: 'not_unique' } } });

/** PUT /mail-templates. */
export async function createTemplate(db: Kysely<Database>, auth: Auth, body: MailTemplateCreate): Promise<number> {
  const type = mailTypeById(body.mail_type_id);
  if (!type) throw invalidData({ mail_type_id: { code: 'invalid' } });
  const domainId = body.domain_id ?? null;
  if (domainId !== null) {
    const group = await db
      .selectFrom('domains')
      .select('id')
      .where('id', '=', domainId)
      .where('project_id', '=', auth.projectId)
      .executeTakeFirst();
    if (!group) throw invalidRelated(['domain_id']);
    // Some mail belongs to no group (a licence warning, a mail test): those are the project's only.
    if (!type.domain) throw invalidData({ mail_type_id: { code: 'invalid' } });
  }
  if (!(await mayWriteAt(db, auth, domainId))) throw prohibited();
  assertTexts(type.id, body.subject, body.body);
  const taken = await db
    .selectFrom('mail_templates')
    .select('id')
    .where('project_id', '=', auth.projectId)
    .where('domain_key', '=', domainId ?? 0)
    .where('mail_type_id', '=', type.id)
    .executeTakeFirst();
  if (taken) throw templateExists();
  const now = nowIso();
  try {
    const row = await db
      .insertInto('mail_templates')
      .values({
        project_id: auth.projectId,
        domain_id: domainId,
        domain_key: domainId ?? 0,
        mail_type_id: type.id,
        subject: body.subject,
        body: body.body,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  } catch (error) {
    // Two saves racing for the same type and level: the unique index keeps one.
    const again = await db
      .selectFrom('mail_templates')
      .select('id')
      .where('project_id', '=', auth.projectId)
      .where('domain_key', '=', domainId ?? 0)
      .where('mail_type_id', '=', type.id)
      .executeTakeFirst();
    if (again) throw templateExists();
    throw error;
  }
}

/** PATCH /mail-templates/{id}: its texts (its type and group stay). */
export async function updateTemplate(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  patch: MailTemplatePatch,
): Promise<void> {
  const stored = await db
    .selectFrom('mail_templates')
    .select(['mail_type_id', 'subject', 'body'])
    .where('id', '=', id)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirstOrThrow();
  const subject = patch.subject ?? stored.subject;
  const body = patch.body ?? stored.body;
  assertTexts(stored.mail_type_id, subject, body);
  await db.updateTable('mail_templates').set({ subject, body, updated_at: nowIso() }).where('id', '=', id).execute();
}

export async function deleteTemplates(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('mail_templates')
    .where('project_id', '=', auth.projectId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
