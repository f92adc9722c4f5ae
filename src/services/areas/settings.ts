import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { MailPreviewRequestSchema, mailTemplatesEntity } from '../../contract/entities/mail-template';
import {
  AppleWalletPatchSchema,
  BrokerCertificatesUploadSchema,
  DomainForwardRulesPatchSchema,
  GeneralSettingsPatchSchema,
  MailSettingsPatchSchema,
  ProjectWhitelabelPatchSchema,
  PushServerPatchSchema,
  SipSettingsPatchSchema,
} from '../../contract/entities/project-settings';
import {
  type EntityFormMachine,
  entityFormMachine,
  type SaveRequest,
  type SaveResult,
} from '../../machines/entity-form/entity-form.machine';
import { type LoaderMachine, loaderMachine } from '../../machines/loader/loader.machine';
import { commandMachine } from '../entity-machines';
import type { Http } from '../http';
import { defineArea } from './area';

/** The tabs' forms of /general-settings, one per section (7.8). */
export interface SettingsForms {
  general: EntityFormMachine;
  sip: EntityFormMachine;
  forwardRules: EntityFormMachine;
  push: EntityFormMachine;
  whitelabel: EntityFormMachine;
  appleWallet: EntityFormMachine;
  mail: EntityFormMachine;
  /** GET /project/broker; saving uploads a certificate and key (POST). */
  broker: EntityFormMachine;
}

/** The one-call commands of the settings pages. */
export interface SettingsCommands {
  logoUpload: EntityFormMachine;
  logoRemove: EntityFormMachine;
  /** A group's own logo (7.3): `id` is the group; the item answered is the group. */
  groupLogoUpload: EntityFormMachine;
  groupLogoRemove: EntityFormMachine;
  mailTest: EntityFormMachine;
  phonebookDelete: EntityFormMachine;
  brokerRemove: EntityFormMachine;
  deviceBackup: EntityFormMachine;
  /** Sends a preview to the caller's address: the project's, or a group's (`id`). */
  previewSend: EntityFormMachine;
}

/** What a preview shows: a type, draft texts (null: the template that applies), a language, a group or none. */
export interface MailPreviewInput {
  mail_type_id: number;
  subject: string | null;
  body: string | null;
  locale: 'en' | 'ru';
  groupId: number | null;
}

export interface SettingsMachines {
  settingsForms: SettingsForms;
  settingsCommands: SettingsCommands;
  /** GET /mail-templates/types: the types and their placeholders. */
  mailTypes: LoaderMachine;
  /** A mail rendered with sample values (7.6 preview, 7.3 per group): a read-only value. */
  mailPreview: (input: MailPreviewInput) => LoaderMachine;
}

/** A section form: loaded with its GET, saved with its PATCH; `after` follows a save (the session reloads). */
function sectionForm(
  showAlert: Parameters<typeof commandMachine>[0],
  load: () => Promise<unknown>,
  save: (body: Record<string, unknown>) => Promise<unknown>,
  after: () => void = () => {},
): EntityFormMachine {
  return entityFormMachine.provide({
    actions: { alert: (_, params) => showAlert(params) },
    actors: {
      loadItem: fromPromise<unknown, number>(load),
      saveItem: fromPromise<SaveResult, SaveRequest>(async ({ input }) => {
        const item = await save(input.body);
        after();
        return { id: input.id ?? 0, item };
      }),
    },
  });
}

function forms(http: Http, showAlert: Parameters<typeof commandMachine>[0], reloadSession: () => void): SettingsForms {
  // The form's schema has checked the body; parsing again gives it its type.
  return {
    general: sectionForm(
      showAlert,
      async () => (await http.call('GET /project/general')).data,
      async (body) =>
        (await http.call('PATCH /project/general', { body: v.parse(GeneralSettingsPatchSchema, body) })).data,
      // The project's name and language are the session's too.
      reloadSession,
    ),
    sip: sectionForm(
      showAlert,
      async () => (await http.call('GET /project/sip')).data,
      async (body) => (await http.call('PATCH /project/sip', { body: v.parse(SipSettingsPatchSchema, body) })).data,
      // SIP and the softphone follow the server settings.
      reloadSession,
    ),
    forwardRules: sectionForm(
      showAlert,
      async () => (await http.call('GET /project/sip/domain/forward-rules')).data,
      async (body) =>
        (
          await http.call('PATCH /project/sip/domain/forward-rules', {
            body: v.parse(DomainForwardRulesPatchSchema, body),
          })
        ).data,
    ),
    push: sectionForm(
      showAlert,
      async () => (await http.call('GET /project/push-server')).data,
      async (body) =>
        (await http.call('PATCH /project/push-server', { body: v.parse(PushServerPatchSchema, body) })).data,
    ),
    whitelabel: sectionForm(
      showAlert,
      async () => (await http.call('GET /project/whitelabel')).data,
      async (body) =>
        (await http.call('PATCH /project/whitelabel', { body: v.parse(ProjectWhitelabelPatchSchema, body) })).data,
      // The top bar and footer show the white label.
      reloadSession,
    ),
    appleWallet: sectionForm(
      showAlert,
      async () => (await http.call('GET /project/apple-wallet')).data,
      async (body) =>
        (await http.call('PATCH /project/apple-wallet', { body: v.parse(AppleWalletPatchSchema, body) })).data,
    ),
    mail: sectionForm(
      showAlert,
      async () => (await http.call('GET /project/mail')).data,
      async (body) => (await http.call('PATCH /project/mail', { body: v.parse(MailSettingsPatchSchema, body) })).data,
    ),
    broker: sectionForm(
      showAlert,
      async () => (await http.call('GET /project/broker')).data,
      async (body) =>
        (await http.call('POST /project/broker', { body: v.parse(BrokerCertificatesUploadSchema, body) })).data,
    ),
  };
}

/**
 * Project settings and mail (7.8, 7.6): the section forms of /general-settings,
 * their commands (logo, mail test, phonebook, broker, device backup), the mail
 * templates and their previews. Saving what the shell shows (the project's name
 * and language, SIP, the white label) reloads the session's profile and server
 * settings, so the top bar, the menu and the softphone follow at once.
 */
export const settingsArea = defineArea('settings', ({ http, showAlert, kit, session }) => {
  const reloadSession = () => session()?.send({ type: 'session.profileChanged' });
  const settingsCommands: SettingsCommands = {
    logoUpload: commandMachine(showAlert, async ({ id, body }) => {
      const image = body.image;
      // The form's schema requires the image; a missing one never reaches here.
      if (!(image instanceof Blob)) throw { code: 'check fields data' };
      const answer = await http.call('POST /project/whitelabel/logo', { multipart: { fields: {}, files: { image } } });
      reloadSession();
      return { id: id ?? 0, item: answer.data };
    }),
    logoRemove: commandMachine(showAlert, async ({ id }) => {
      const answer = await http.call('DELETE /project/whitelabel/logo');
      reloadSession();
      return { id: id ?? 0, item: answer.data };
    }),
    groupLogoUpload: commandMachine(showAlert, async ({ id, body }) => {
      const image = body.image;
      if (!(image instanceof Blob)) throw { code: 'check fields data' };
      const answer = await http.call('POST /domains/{id}/whitelabel/logo', {
        params: { id: id ?? 0 },
        multipart: { fields: {}, files: { image } },
      });
      reloadSession();
      return { id: id ?? 0, item: answer.data };
    }),
    groupLogoRemove: commandMachine(showAlert, async ({ id }) => {
      const answer = await http.call('DELETE /domains/{id}/whitelabel/logo', { params: { id: id ?? 0 } });
      reloadSession();
      return { id: id ?? 0, item: answer.data };
    }),
    mailTest: commandMachine(showAlert, async ({ id, body }) => {
      const answer = await http.call('POST /project/mail/test', { body: { email: String(body.email ?? '') } });
      return { id: id ?? 0, item: answer.data };
    }),
    phonebookDelete: commandMachine(showAlert, async ({ id }) => {
      const answer = await http.call('POST /project/sip/resident-phonebook/delete');
      return { id: id ?? 0, item: answer.data };
    }),
    brokerRemove: commandMachine(showAlert, async ({ id }) => {
      const answer = await http.call('DELETE /project/broker');
      return { id: id ?? 0, item: answer.data };
    }),
    deviceBackup: commandMachine(showAlert, async ({ id, body }) => {
      const file = body.file;
      if (!(file instanceof Blob)) throw { code: 'check fields data' };
      const answer = await http.call('POST /project/import/device-backup', {
        multipart: { fields: {}, files: { file } },
      });
      return { id: id ?? 0, item: answer.data };
    }),
    previewSend: commandMachine(showAlert, async ({ id, body }) => {
      const request = v.parse(MailPreviewRequestSchema, body);
      const answer = id
        ? await http.call('POST /domains/{id}/mail-templates/preview/send', { params: { id }, body: request })
        : await http.call('POST /mail-templates/preview/send', { body: request });
      return { id: id ?? 0, item: answer.data };
    }),
  };
  const mailTypes = loaderMachine.provide({
    actors: { fetch: fromPromise<unknown>(async () => (await http.call('GET /mail-templates/types')).data) },
  });
  const mailPreview = ({ groupId, ...request }: MailPreviewInput) =>
    loaderMachine.provide({
      actors: {
        fetch: fromPromise<unknown>(async () =>
          groupId
            ? (await http.call('POST /domains/{id}/mail-templates/preview', { params: { id: groupId }, body: request }))
                .data
            : (await http.call('POST /mail-templates/preview', { body: request })).data,
        ),
      },
    });
  return {
    entities: { mailTemplates: kit(mailTemplatesEntity) },
    machines: {
      settingsForms: forms(http, showAlert, reloadSession),
      settingsCommands,
      mailTypes,
      mailPreview,
    } satisfies SettingsMachines,
  };
});
