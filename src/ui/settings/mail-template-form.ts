import {
  type MailTemplate,
  MailTemplateCreateSchema,
  MailTemplatePatchSchema,
  templateErrors,
} from '../../contract/entities/mail-template';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the mail template dialog edits: the type and group (new templates only), the subject and body. */
export interface MailTemplateValues extends FormValues {
  mail_type_id: string;
  /** The group the template is for; none: the whole project. */
  domain: ListRow | null;
  subject: string;
  body: string;
}

/**
 * A mail template (section 3, 6.3, 7.6): a new one names its type and, for a
 * group, the group; an existing one keeps both and changes its texts. The
 * placeholders are checked here as on the server (templateErrors).
 */
export const mailTemplateForm: EntityFormDefinition<MailTemplateValues, MailTemplate> = {
  empty: () => ({ mail_type_id: '', domain: null, subject: '', body: '' }),
  fromItem: (t) => ({ mail_type_id: String(t.mail_type_id), domain: t.domain, subject: t.subject, body: t.body }),
  kinds: { mail_type_id: 'integer', domain: 'raw', subject: 'requiredText', body: 'requiredText' },
  finish: (body, mode) => {
    const { domain, mail_type_id, ...texts } = body;
    if (mode === 'patch') return texts;
    return { ...texts, mail_type_id, domain_id: (domain as ListRow | null)?.id ?? null };
  },
  schemas: { create: MailTemplateCreateSchema, patch: MailTemplatePatchSchema },
  check: (values): Record<string, FieldError> => {
    const type = Number(values.mail_type_id);
    return Number.isInteger(type) && type > 0 ? templateErrors(type, values.subject, values.body) : {};
  },
  fieldOf: (path) => (path === 'domain_id' ? 'domain' : (path.split('.')[0] ?? path)),
};
