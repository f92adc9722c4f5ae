import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema, PUBLIC } from '../call';
import { GroupSchema } from '../entities/group';
import {
  AppleWalletPatchSchema,
  AppleWalletSettingsSchema,
  BrokerCertificatesSchema,
  BrokerCertificatesUploadSchema,
  DEVICE_BACKUP_MAX_BYTES,
  DeviceBackupResultSchema,
  DomainForwardRulesPatchSchema,
  DomainForwardRulesSchema,
  GeneralSettingsPatchSchema,
  GeneralSettingsSchema,
  LOGO_MAX_BYTES,
  MailSettingsPatchSchema,
  MailSettingsSchema,
  MailTestResultSchema,
  MailTestSchema,
  PhonebookDeletedSchema,
  ProjectWhitelabelPatchSchema,
  ProjectWhitelabelSchema,
  PushServerPatchSchema,
  PushServerSchema,
  SipSettingsPatchSchema,
  SipSettingsSchema,
} from '../entities/project-settings';

/** 6.2 Project: view project settings, change project settings, import device backup data. */
const viewers = anyOf(['project.view_settings', 'project.change_settings']);
const changers = anyOf(['project.change_settings']);
/** A group's white label: who edits every group, groups below their own, or their own group's white label. */
const groupWhitelabel = anyOf(['domains.edit_all', 'domains.edit_descendants', 'self_domain.manage_white_label']);

const logoUpload = { fields: v.object({}), files: { image: { maxBytes: LOGO_MAX_BYTES, required: true } } };

/**
 * Project settings (7.8) by section, under /project: each section is read with
 * GET and changed with PATCH (any of its fields; the answer is the section as
 * it is now). The white-label logo is uploaded apart (multipart); the broker's
 * certificate and key are posted as PEM text; mail has its test; the resident
 * phonebook its delete; device backups their import. Paths 7.8 names are kept
 * (`general`, `sip`, `apple-wallet`, `whitelabel`, `whitelabel/logo`,
 * `sip/domain/forward-rules`, `sip/resident-phonebook/delete`, `push-server`,
 * `broker`, `mail/test`, `import/device-backup`); `mail` is ours (7.8 names only
 * its test), like the group logo of 7.3 (`/domains/{id}/whitelabel/logo`).
 */
export const PROJECT_CALLS = defineCalls({
  'GET /project/general': { access: viewers, response: envelope(GeneralSettingsSchema) },
  'PATCH /project/general': {
    access: changers,
    body: GeneralSettingsPatchSchema,
    response: envelope(GeneralSettingsSchema),
  },
  'GET /project/sip': { access: viewers, response: envelope(SipSettingsSchema) },
  'PATCH /project/sip': { access: changers, body: SipSettingsPatchSchema, response: envelope(SipSettingsSchema) },
  'GET /project/sip/domain/forward-rules': { access: viewers, response: envelope(DomainForwardRulesSchema) },
  'PATCH /project/sip/domain/forward-rules': {
    access: changers,
    body: DomainForwardRulesPatchSchema,
    response: envelope(DomainForwardRulesSchema),
  },
  'POST /project/sip/resident-phonebook/delete': { access: changers, response: envelope(PhonebookDeletedSchema) },
  'GET /project/push-server': { access: viewers, response: envelope(PushServerSchema) },
  'PATCH /project/push-server': {
    access: changers,
    body: PushServerPatchSchema,
    response: envelope(PushServerSchema),
  },
  'GET /project/whitelabel': { access: viewers, response: envelope(ProjectWhitelabelSchema) },
  'PATCH /project/whitelabel': {
    access: changers,
    body: ProjectWhitelabelPatchSchema,
    response: envelope(ProjectWhitelabelSchema),
  },
  'POST /project/whitelabel/logo': {
    access: changers,
    multipart: logoUpload,
    response: envelope(ProjectWhitelabelSchema),
  },
  'DELETE /project/whitelabel/logo': { access: changers, response: envelope(ProjectWhitelabelSchema) },
  'GET /project/apple-wallet': { access: viewers, response: envelope(AppleWalletSettingsSchema) },
  'PATCH /project/apple-wallet': {
    access: changers,
    body: AppleWalletPatchSchema,
    response: envelope(AppleWalletSettingsSchema),
  },
  'GET /project/mail': { access: viewers, response: envelope(MailSettingsSchema) },
  'PATCH /project/mail': { access: changers, body: MailSettingsPatchSchema, response: envelope(MailSettingsSchema) },
  'POST /project/mail/test': { access: changers, body: MailTestSchema, response: envelope(MailTestResultSchema) },
  'GET /project/broker': { access: viewers, response: envelope(BrokerCertificatesSchema) },
  'POST /project/broker': {
    access: changers,
    body: BrokerCertificatesUploadSchema,
    response: envelope(BrokerCertificatesSchema),
  },
  'DELETE /project/broker': { access: changers, response: envelope(BrokerCertificatesSchema) },
  'POST /project/import/device-backup': {
    access: anyOf(['project.import_device_backup']),
    multipart: { fields: v.object({}), files: { file: { maxBytes: DEVICE_BACKUP_MAX_BYTES, required: true } } },
    timeout: 'importExportBackup',
    response: envelope(DeviceBackupResultSchema),
  },
  // A group's own white-label logo (7.3), beside its whitelabel_settings.
  'POST /domains/{id}/whitelabel/logo': {
    access: groupWhitelabel,
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    multipart: logoUpload,
    response: envelope(GroupSchema),
  },
  'DELETE /domains/{id}/whitelabel/logo': {
    access: groupWhitelabel,
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    response: envelope(GroupSchema),
  },
  // Logos are public by unguessable name, so mail clients and <img> load them without a token.
  'GET /uploads/logos/{file}': {
    access: PUBLIC,
    params: v.object({ file: v.pipe(v.string(), v.regex(/^[pg]\d+-[0-9a-f]{16}\.png$/)) }),
    file: 'image',
    response: v.blob(),
  },
});
