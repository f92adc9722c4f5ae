import * as v from 'valibot';
import { type AppleWalletSettingsSchema, type Group, GroupPatchSchema } from '../../contract/entities/group';
import {
  AppleWalletPatchSchema,
  BrokerCertificatesUploadSchema,
  type DomainForwardRules,
  DomainForwardRulesPatchSchema,
  type GeneralSettings,
  GeneralSettingsPatchSchema,
  type MailSettings,
  MailSettingsPatchSchema,
  type ProjectWhitelabel,
  ProjectWhitelabelPatchSchema,
  type PushServer,
  PushServerPatchSchema,
  type SipSettings,
  SipSettingsPatchSchema,
} from '../../contract/entities/project-settings';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import { passwordShown } from '../../machines/entity-form/entity-form.normalise';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/**
 * The forms of /general-settings, one per section (7.8): each loads its
 * section with GET and saves it with PATCH (always "edit": a project has its
 * settings). Inputs are flat; `finish` builds the section's nested objects.
 * Secrets show as a placeholder and are sent as null when unchanged (7.9).
 */

const text = (x: string | null | undefined) => x ?? '';
const numberText = (x: number | null | undefined) => (x === null || x === undefined ? '' : String(x));

// ─── General ─────────────────────────────────────────────────────────────────

export interface GeneralValues extends FormValues {
  name: string;
  description: string;
  send_registration_link: boolean;
  server_url: string;
  time_zone: string;
  locale: string;
  logs_life: string;
  admin_email: string;
  notify_about_offline_device: boolean;
  notify_about_device_task_failed: boolean;
  notify_about_licence: boolean;
  max_passes_count: string;
  max_period_days: string;
  sdk_enabled: boolean;
  sdk_app_id: string;
  sdk_api_key: string;
  self_register_enabled: boolean;
  self_register_domain: ListRow | null;
  self_register_role: ListRow | null;
}

/** Where the server's field errors of the general section show (nested paths → flat inputs). */
const GENERAL_FIELDS: Record<string, string> = {
  'registration_flags.send_registration_link': 'send_registration_link',
  'notify_flags.notify_about_offline_device': 'notify_about_offline_device',
  'notify_flags.notify_about_device_task_failed': 'notify_about_device_task_failed',
  'notify_flags.notify_about_licence': 'notify_about_licence',
  'guest_identifier_limits.max_passes_count': 'max_passes_count',
  'guest_identifier_limits.max_period_days': 'max_period_days',
  'mobile_sdk_settings.is_enabled': 'sdk_enabled',
  'mobile_sdk_settings.app_id': 'sdk_app_id',
  'mobile_sdk_settings.api_key': 'sdk_api_key',
  'user_self_register_settings.is_enabled': 'self_register_enabled',
  'user_self_register_settings.domain_id': 'self_register_domain',
  'user_self_register_settings.role_id': 'self_register_role',
};

export const generalSettingsForm: EntityFormDefinition<GeneralValues, GeneralSettings> = {
  empty: () => {
    throw new Error('project settings are only edited');
  },
  fromItem: (s) => ({
    name: s.name,
    description: text(s.description),
    send_registration_link: s.registration_flags.send_registration_link,
    server_url: s.server_url,
    time_zone: s.time_zone,
    locale: s.locale,
    logs_life: String(s.logs_life),
    admin_email: text(s.admin_email),
    notify_about_offline_device: s.notify_flags.notify_about_offline_device,
    notify_about_device_task_failed: s.notify_flags.notify_about_device_task_failed,
    notify_about_licence: s.notify_flags.notify_about_licence,
    max_passes_count: numberText(s.guest_identifier_limits.max_passes_count),
    max_period_days: numberText(s.guest_identifier_limits.max_period_days),
    sdk_enabled: s.mobile_sdk_settings.is_enabled,
    sdk_app_id: text(s.mobile_sdk_settings.app_id),
    sdk_api_key: passwordShown(s.mobile_sdk_settings.has_api_key),
    self_register_enabled: s.user_self_register_settings.is_enabled,
    self_register_domain: s.user_self_register_settings.domain,
    self_register_role: s.user_self_register_settings.role,
  }),
  kinds: {
    name: 'requiredText',
    description: 'text',
    send_registration_link: 'raw',
    server_url: 'requiredText',
    time_zone: 'requiredText',
    locale: 'raw',
    logs_life: 'integer',
    admin_email: 'text',
    notify_about_offline_device: 'raw',
    notify_about_device_task_failed: 'raw',
    notify_about_licence: 'raw',
    max_passes_count: 'integer',
    max_period_days: 'integer',
    sdk_enabled: 'raw',
    sdk_app_id: 'text',
    sdk_api_key: 'password',
    self_register_enabled: 'raw',
    self_register_domain: 'raw',
    self_register_role: 'raw',
  },
  finish: (b) => ({
    name: b.name,
    description: b.description,
    registration_flags: { send_registration_link: b.send_registration_link },
    server_url: b.server_url,
    time_zone: b.time_zone,
    locale: b.locale,
    logs_life: b.logs_life,
    admin_email: b.admin_email,
    notify_flags: {
      notify_about_offline_device: b.notify_about_offline_device,
      notify_about_device_task_failed: b.notify_about_device_task_failed,
      notify_about_licence: b.notify_about_licence,
    },
    guest_identifier_limits: { max_passes_count: b.max_passes_count, max_period_days: b.max_period_days },
    mobile_sdk_settings: { is_enabled: b.sdk_enabled, app_id: b.sdk_app_id, api_key: b.sdk_api_key },
    user_self_register_settings: {
      is_enabled: b.self_register_enabled,
      domain_id: (b.self_register_domain as ListRow | null)?.id ?? null,
      role_id: (b.self_register_role as ListRow | null)?.id ?? null,
    },
  }),
  schemas: { create: GeneralSettingsPatchSchema, patch: GeneralSettingsPatchSchema },
  // Section 5 on self-registration: a group and a role for the people who register.
  check: (values): Record<string, FieldError> => {
    if (!values.self_register_enabled) return {};
    const errors: Record<string, FieldError> = {};
    if (!values.self_register_domain) errors.self_register_domain = { code: 'required' };
    if (!values.self_register_role) errors.self_register_role = { code: 'required' };
    return errors;
  },
  fieldOf: (path) => GENERAL_FIELDS[path] ?? path.split('.')[0] ?? path,
};

// ─── SIP ─────────────────────────────────────────────────────────────────────

export interface SipValues extends FormValues {
  is_sip_enabled: boolean;
  is_web_dialer_enabled: boolean;
  is_resident_phonebook_enabled: boolean;
}

export const sipSettingsForm: EntityFormDefinition<SipValues, SipSettings> = {
  empty: () => {
    throw new Error('project settings are only edited');
  },
  fromItem: (s) => ({ ...s }),
  kinds: { is_sip_enabled: 'raw', is_web_dialer_enabled: 'raw', is_resident_phonebook_enabled: 'raw' },
  schemas: { create: SipSettingsPatchSchema, patch: SipSettingsPatchSchema },
};

/** Group forwarding: each queue a line of numbers (comma or space separated) and a timeout. */
export interface ForwardRulesValues extends FormValues {
  is_enabled: boolean;
  queues: { numbers: string; timeout: string }[];
}

export const domainForwardRulesForm: EntityFormDefinition<ForwardRulesValues, DomainForwardRules> = {
  empty: () => {
    throw new Error('project settings are only edited');
  },
  fromItem: (rules) => ({
    is_enabled: rules.is_enabled,
    queues: rules.queues.map((q) => ({ numbers: q.numbers.join(', '), timeout: String(q.timeout) })),
  }),
  kinds: { is_enabled: 'raw', queues: 'raw' },
  finish: (b) => ({
    is_enabled: b.is_enabled,
    queues: (b.queues as ForwardRulesValues['queues'])
      .map((q) => ({
        numbers: q.numbers
          .split(/[\s,;]+/)
          .map((n) => n.trim())
          .filter(Boolean),
        timeout: /^\d+$/.test(q.timeout.trim()) ? Number(q.timeout.trim()) : Number.NaN,
      }))
      .filter((q) => q.numbers.length > 0 || !Number.isNaN(q.timeout)),
  }),
  schemas: { create: DomainForwardRulesPatchSchema, patch: DomainForwardRulesPatchSchema },
  fieldOf: (path) => (path.startsWith('queues') ? 'queues' : path),
};

// ─── Push server ─────────────────────────────────────────────────────────────

export interface PushValues extends FormValues {
  server_url: string;
  server_port: string;
  user_name: string;
  user_pass: string;
  /** The certificate's PEM text, read from the chosen file; '' keeps the stored one. */
  cert_file: string;
  cert_file_name: string;
}

export const pushServerForm: EntityFormDefinition<PushValues, PushServer> = {
  empty: () => {
    throw new Error('project settings are only edited');
  },
  fromItem: (p) => ({
    server_url: text(p.server_url),
    server_port: numberText(p.server_port),
    user_name: text(p.user_name),
    user_pass: passwordShown(p.has_user_pass),
    cert_file: '',
    cert_file_name: text(p.cert_file_name),
  }),
  kinds: {
    server_url: 'text',
    server_port: 'port',
    user_name: 'text',
    user_pass: 'password',
    cert_file: 'text',
    cert_file_name: 'text',
  },
  schemas: { create: PushServerPatchSchema, patch: PushServerPatchSchema },
};

// ─── White label, Apple Wallet ───────────────────────────────────────────────

export interface WhitelabelValues extends FormValues {
  is_enabled: boolean;
  name: string;
  address: string;
  email: string;
  phone: string;
}

export const whitelabelSettingsForm: EntityFormDefinition<WhitelabelValues, ProjectWhitelabel> = {
  empty: () => {
    throw new Error('project settings are only edited');
  },
  fromItem: (w) => ({
    is_enabled: w.is_enabled,
    name: text(w.name),
    address: text(w.address),
    email: text(w.email),
    phone: text(w.phone),
  }),
  kinds: { is_enabled: 'raw', name: 'text', address: 'text', email: 'text', phone: 'text' },
  schemas: { create: ProjectWhitelabelPatchSchema, patch: ProjectWhitelabelPatchSchema },
};

/**
 * A group's own white label (section 3 whitelabel_settings), edited from the groups tree: it wins over the
 * project's for the people of the group and the groups below it. Saved as a group PATCH.
 */
export const groupWhitelabelForm: EntityFormDefinition<WhitelabelValues, Group> = {
  empty: () => {
    throw new Error('a group’s white label is only edited');
  },
  fromItem: (group) => {
    const w = group.whitelabel_settings;
    return {
      is_enabled: w?.is_enabled ?? false,
      name: text(w?.name),
      address: text(w?.address),
      email: text(w?.email),
      phone: text(w?.phone),
    };
  },
  kinds: { is_enabled: 'raw', name: 'text', address: 'text', email: 'text', phone: 'text' },
  finish: (body) => ({ whitelabel_settings: body }),
  schemas: { create: GroupPatchSchema, patch: GroupPatchSchema },
  fieldOf: (path) => path.replace(/^whitelabel_settings\./, '').split('.')[0] ?? path,
};

type AppleWallet = v.InferOutput<typeof AppleWalletSettingsSchema>;
export interface WalletValues extends FormValues {
  is_enabled: boolean;
  backfields: string;
  background_color: string;
  barcode_alt_text: string;
  developer_name: string;
  developer_name_color: string;
  font_color: string;
}

export const appleWalletForm: EntityFormDefinition<WalletValues, AppleWallet> = {
  empty: () => {
    throw new Error('project settings are only edited');
  },
  fromItem: (w) => ({
    is_enabled: w.is_enabled,
    backfields: text(w.backfields),
    background_color: text(w.background_color),
    barcode_alt_text: text(w.barcode_alt_text),
    developer_name: text(w.developer_name),
    developer_name_color: text(w.developer_name_color),
    font_color: text(w.font_color),
  }),
  kinds: {
    is_enabled: 'raw',
    backfields: 'text',
    background_color: 'text',
    barcode_alt_text: 'text',
    developer_name: 'text',
    developer_name_color: 'text',
    font_color: 'text',
  },
  schemas: { create: AppleWalletPatchSchema, patch: AppleWalletPatchSchema },
};

// ─── Mail ────────────────────────────────────────────────────────────────────

export interface MailValues extends FormValues {
  mode: string;
  host: string;
  port: string;
  encryption: string;
  username: string;
  password: string;
  from_address: string;
  from_name: string;
}

export const mailSettingsForm: EntityFormDefinition<MailValues, MailSettings> = {
  empty: () => {
    throw new Error('project settings are only edited');
  },
  fromItem: (m) => ({
    mode: m.mode,
    host: m.host,
    port: String(m.port),
    encryption: m.encryption,
    username: text(m.username),
    password: passwordShown(m.has_password),
    from_address: m.from_address,
    from_name: text(m.from_name),
  }),
  kinds: {
    mode: 'raw',
    host: 'requiredText',
    port: 'port',
    encryption: 'raw',
    username: 'text',
    password: 'password',
    from_address: 'requiredText',
    from_name: 'text',
  },
  schemas: { create: MailSettingsPatchSchema, patch: MailSettingsPatchSchema },
};

/** The mail test: where the message goes. */
export const MailTestFormSchema = v.object({
  email: v.pipe(
    v.string(),
    v.minLength(1),
    v.check((s) => /^[^\s@]+@[^\s@]+$/.test(s), 'email'),
  ),
});
export const mailTestForm: EntityFormDefinition<{ email: string }, unknown> = {
  empty: () => ({ email: '' }),
  fromItem: () => ({ email: '' }),
  kinds: { email: 'requiredText' },
  schemas: { create: MailTestFormSchema, patch: MailTestFormSchema },
  successCode: { create: 'settings:mail.testDone', patch: 'settings:mail.testDone' },
};

// ─── Broker certificate, device backup ──────────────────────────────────────

/** The broker's certificate and key, as PEM text read from the chosen files. */
export const brokerCertificateForm: EntityFormDefinition<{ cert: string; key: string }, unknown> = {
  empty: () => ({ cert: '', key: '' }),
  fromItem: () => ({ cert: '', key: '' }),
  kinds: { cert: 'raw', key: 'raw' },
  schemas: { create: BrokerCertificatesUploadSchema, patch: BrokerCertificatesUploadSchema },
  successCode: { create: 'settings:devices.brokerStored', patch: 'settings:devices.brokerStored' },
};

/** A device backup file to import. */
export const deviceBackupForm: EntityFormDefinition<{ file: File | null }, unknown> = {
  empty: () => ({ file: null }),
  fromItem: () => ({ file: null }),
  kinds: { file: 'raw' },
  schemas: {
    create: v.object({ file: v.instance(Blob) }),
    patch: v.object({ file: v.instance(Blob) }),
  },
  fieldOf: () => 'file',
  successCode: { create: 'settings:devices.backupImported', patch: 'settings:devices.backupImported' },
};

/** A logo to upload (the project's white label). */
export const logoForm: EntityFormDefinition<{ image: File | null }, unknown> = {
  empty: () => ({ image: null }),
  fromItem: () => ({ image: null }),
  kinds: { image: 'raw' },
  schemas: {
    create: v.object({ image: v.instance(Blob) }),
    patch: v.object({ image: v.instance(Blob) }),
  },
  fieldOf: () => 'image',
  successCode: { create: 'settings:whitelabel.logoSaved', patch: 'settings:whitelabel.logoSaved' },
};

/** Commands without inputs (remove the logo, delete the residents' phonebook, forget the broker certificate). */
export const settingsCommandForm = (successCode: string): EntityFormDefinition<Record<string, never>, unknown> => ({
  empty: () => ({}),
  fromItem: () => ({}),
  kinds: {},
  schemas: { create: v.object({}), patch: v.object({}) },
  successCode: { create: successCode, patch: successCode },
});
