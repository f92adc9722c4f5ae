import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { defineEntity } from '../entity';
import { IdSchema } from '../ids';

/**
 * Mail templates (section 3 "Mail template", 6.3, 7.6): the subject and body of
 * one kind of mail the product sends, for the whole project (no `domain_id`) or
 * for one group and the groups below it. A mail takes the template of the
 * nearest group above its recipient (or its device), else the project's, else
 * the built-in text of the recipient's language.
 *
 * Templates are text, not HTML: `{{name}}` placeholders are replaced (nothing
 * else is evaluated), blank lines make paragraphs, addresses become links, and
 * the server wraps the result in the white label's frame. Values are escaped in
 * the HTML part, so a name cannot inject markup.
 */

/** A mail type: what the product sends, and the placeholders its templates may use. */
export interface MailTypeDefinition {
  id: number;
  code: string;
  /** Placeholders of this type (the common ones come on top). */
  variables: readonly string[];
  /** Placeholders every template of this type must hold (the link a person must follow). */
  required: readonly string[];
  /** May be set per group (domain-types); the others only for the whole project. */
  domain: boolean;
}

/** Placeholders every template may use: the project and the white label of the recipient's group. */
export const COMMON_MAIL_VARIABLES = [
  'project',
  'brand_name',
  'brand_address',
  'brand_email',
  'brand_phone',
  'server_url',
] as const;

/** Every kind of mail the product sends (7.6 "types"); ids are stable (stored in templates). */
export const MAIL_TYPES = [
  { id: 1, code: 'invitation', variables: ['name', 'login', 'link'], required: ['link'], domain: true },
  { id: 2, code: 'recovery', variables: ['name', 'login', 'link'], required: ['link'], domain: true },
  { id: 3, code: 'confirmation', variables: ['name', 'link'], required: ['link'], domain: false },
  {
    id: 4,
    code: 'announce',
    variables: ['name', 'subject', 'body', 'author', 'author_email', 'is_poll', 'link'],
    required: ['body'],
    domain: true,
  },
  {
    id: 5,
    code: 'licence_warning',
    variables: ['status', 'days', 'date', 'feature', 'link'],
    required: [],
    domain: false,
  },
  {
    id: 6,
    code: 'device_offline',
    variables: ['device', 'serial_number', 'group', 'time', 'link'],
    required: [],
    domain: true,
  },
  {
    id: 7,
    code: 'device_task_failed',
    variables: ['device', 'serial_number', 'group', 'task', 'error', 'link'],
    required: [],
    domain: true,
  },
  { id: 8, code: 'mail_test', variables: ['time'], required: [], domain: false },
] as const satisfies readonly MailTypeDefinition[];

export type MailTypeCode = (typeof MAIL_TYPES)[number]['code'];
export const MAIL_TYPE_IDS = MAIL_TYPES.map((t) => t.id);

export const mailTypeById = (id: number): MailTypeDefinition | undefined => MAIL_TYPES.find((t) => t.id === id);
export const mailTypeByCode = (code: MailTypeCode): MailTypeDefinition =>
  MAIL_TYPES.find((t) => t.code === code) as MailTypeDefinition;

/** The placeholders a template of a type may use. */
export const variablesOf = (type: MailTypeDefinition): string[] => [...type.variables, ...COMMON_MAIL_VARIABLES];

/**
 * `{{ name }}` is replaced by a value; `{{#name}}…{{/name}}` keeps its text only when
 * the value is not empty, `{{^name}}…{{/name}}` only when it is. Letters, digits and
 * underscores, spaces allowed inside the braces. Nothing else is evaluated.
 */
export const PLACEHOLDER_PATTERN = /\{\{\s*[#^/]?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The placeholders a text names (values and sections), in order, once each. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1] as string))];
}

/**
 * The section 5 rules of a template's text beyond lengths: only the type's
 * placeholders (`unknown_placeholder`), and the required ones somewhere in the
 * subject or the body (`placeholder_required`). Both sides check with this.
 */
export function templateErrors(
  typeId: number,
  subject: string,
  body: string,
): Record<string, { code: string; params?: Record<string, string> }> {
  const type = mailTypeById(typeId);
  if (!type) return {};
  const known = new Set(variablesOf(type));
  const errors: Record<string, { code: string; params?: Record<string, string> }> = {};
  for (const [field, text] of [
    ['subject', subject],
    ['body', body],
  ] as const) {
    const unknown = placeholdersIn(text).find((name) => !known.has(name));
    if (unknown) errors[field] = { code: 'unknown_placeholder', params: { name: unknown } };
  }
  const used = new Set([...placeholdersIn(subject), ...placeholdersIn(body)]);
  const missing = type.required.filter((name) => !used.has(name));
  if (missing.length > 0 && !errors.body) {
    errors.body = { code: 'placeholder_required', params: { name: missing.map((n) => `{{${n}}}`).join(', ') } };
  }
  return errors;
}

export const MAIL_SUBJECT_MAX = 255;
export const MAIL_BODY_MAX = 20_000;

/** GET /mail-templates/types and /mail-templates/domain-types answer item. */
export const MailTypeSchema = v.object({
  id: v.number(),
  code: v.string(),
  variables: v.array(v.string()),
  required: v.array(v.string()),
  domain: v.boolean(),
});
export type MailType = v.InferOutput<typeof MailTypeSchema>;

const ref = v.object({ id: v.number(), name: v.string() });

export const MailTemplateSchema = v.object({
  id: v.number(),
  mail_type_id: v.number(),
  /** The type's code (`invitation`, …), for lists and translations. */
  mail_type: v.string(),
  /** null: the project's own template. */
  domain_id: v.nullable(v.number()),
  domain: v.nullable(ref),
  subject: v.string(),
  body: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type MailTemplate = v.InferOutput<typeof MailTemplateSchema>;

const subject = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAIL_SUBJECT_MAX), v.regex(/^[^\r\n]*$/));
const body = v.pipe(v.string(), v.minLength(1), v.maxLength(MAIL_BODY_MAX));
const mailTypeId = v.pipe(
  v.number(),
  v.integer(),
  v.check((id) => mailTypeById(id) !== undefined, 'invalid'),
);

export const MailTemplateCreateSchema = v.object({
  mail_type_id: mailTypeId,
  domain_id: v.optional(v.nullable(IdSchema), null),
  subject,
  body,
});
export type MailTemplateCreate = v.InferOutput<typeof MailTemplateCreateSchema>;
/** A template keeps its type and its group: only its texts change. */
export const MailTemplatePatchSchema = v.partial(v.object({ subject, body }));
export type MailTemplatePatch = v.InferOutput<typeof MailTemplatePatchSchema>;

/** 6.3: with a group, edit-all or edit-descendant groups or the self-domain mail templates permission. */
export const MAIL_TEMPLATE_GROUP_PERMISSIONS = [
  'domains.edit_all',
  'domains.edit_descendants',
  'self_domain.manage_mail_templates',
] as const;

export const mailTemplatesEntity = defineEntity({
  name: 'mail_templates',
  path: '/mail-templates',
  access: {
    // Whoever reads project settings sees every template; group editors see their groups'.
    view: ['project.view_settings', 'project.change_settings', ...MAIL_TEMPLATE_GROUP_PERMISSIONS],
    // 6.3: project level needs change-project-settings; group level the group permissions (checked per object).
    create: ['project.change_settings', ...MAIL_TEMPLATE_GROUP_PERMISSIONS],
    edit: ['project.change_settings', ...MAIL_TEMPLATE_GROUP_PERMISSIONS],
    delete: ['project.change_settings', ...MAIL_TEMPLATE_GROUP_PERMISSIONS],
  },
  item: MailTemplateSchema,
  create: MailTemplateCreateSchema,
  patch: MailTemplatePatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    mail_type_id: { kind: 'number', sortable: true, filterable: true },
    domain_id: { kind: 'number', sortable: true, filterable: true },
    subject: { kind: 'text', sortable: true, filterable: true },
    updated_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['subject'],
  with: [],
  defaultSort: ['mail_type_id', 'domain_id'],
});

/**
 * POST /mail-templates/preview (and per group, /domains/{id}/mail-templates/preview):
 * a type and, optionally, draft texts (without them: the template that applies
 * there now), rendered with sample values in a language.
 */
export const MailPreviewRequestSchema = v.object({
  mail_type_id: mailTypeId,
  subject: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(MAIL_SUBJECT_MAX))), null),
  body: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(MAIL_BODY_MAX))), null),
  locale: v.optional(v.picklist(LANGUAGES), 'en'),
});
export type MailPreviewRequest = v.InferOutput<typeof MailPreviewRequestSchema>;

/** A rendered mail: subject, the text part, the HTML part, and where its texts came from. */
export const MailPreviewSchema = v.object({
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  /** The body's HTML alone (paragraphs and links, every value escaped), for the console's preview. */
  content_html: v.string(),
  /** `draft` (the texts sent), `group` or `project` (a stored template), `default` (built in). */
  source: v.picklist(['draft', 'group', 'project', 'default']),
  /** The template that applies, when it is a stored one. */
  template_id: v.nullable(v.number()),
  brand: v.object({
    name: v.string(),
    logo_url: v.nullable(v.string()),
    address: v.nullable(v.string()),
    email: v.nullable(v.string()),
    phone: v.nullable(v.string()),
  }),
});
export type MailPreview = v.InferOutput<typeof MailPreviewSchema>;

/** preview/send: the preview's request plus where it goes (the caller's own address by default). */
export const MailPreviewSendSchema = v.object({
  ...MailPreviewRequestSchema.entries,
  email: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(255),
        v.check((s) => /^[^\s@]+@[^\s@]+$/.test(s), 'email'),
      ),
    ),
    null,
  ),
});
export const MailPreviewSentSchema = v.object({ to: v.string(), status: v.picklist(['sent', 'kept', 'failed']) });
