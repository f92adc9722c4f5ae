import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema } from '../call';
import {
  MAIL_TEMPLATE_GROUP_PERMISSIONS,
  MailPreviewRequestSchema,
  MailPreviewSchema,
  MailPreviewSendSchema,
  MailPreviewSentSchema,
  MailTypeSchema,
  mailTemplatesEntity,
} from '../entities/mail-template';
import { entityCalls } from '../entity';

const viewers = anyOf(mailTemplatesEntity.access.view);
const groupEditors = anyOf(MAIL_TEMPLATE_GROUP_PERMISSIONS);

/**
 * Mail templates (7.6 types, domain-types, items, preview, preview/send; 7.3 the
 * preview and its sending per group). Project level (no group) needs the
 * project settings permissions, group level those of 6.3; the entity's object
 * rule and the writers check which one a template or a body is.
 */
export const MAIL_TEMPLATE_CALLS = defineCalls({
  ...entityCalls(mailTemplatesEntity),
  'GET /mail-templates/types': { access: viewers, response: envelope(v.array(MailTypeSchema)) },
  'GET /mail-templates/domain-types': { access: viewers, response: envelope(v.array(MailTypeSchema)) },
  'POST /mail-templates/preview': {
    access: anyOf(['project.view_settings', 'project.change_settings']),
    body: MailPreviewRequestSchema,
    response: envelope(MailPreviewSchema),
  },
  'POST /mail-templates/preview/send': {
    access: anyOf(['project.change_settings']),
    body: MailPreviewSendSchema,
    response: envelope(MailPreviewSentSchema),
  },
  'POST /domains/{id}/mail-templates/preview': {
    access: groupEditors,
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    body: MailPreviewRequestSchema,
    response: envelope(MailPreviewSchema),
  },
  'POST /domains/{id}/mail-templates/preview/send': {
    access: groupEditors,
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    body: MailPreviewSendSchema,
    response: envelope(MailPreviewSentSchema),
  },
});
