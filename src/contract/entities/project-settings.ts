import * as v from 'valibot';
import { LANGUAGES, MAIL_MODES } from '../constants';
import { IdSchema } from '../ids';
import { AppleWalletSettingsSchema, GuestIdentifierLimitsSchema } from './group-settings';

/**
 * Project settings (section 3 "Project settings", 7.8): one stored object per
 * project, read and written by section, each section one tab of
 * /general-settings and one pair of calls (GET answers the section, PATCH takes
 * any of its fields and answers the section as it is now). Environment
 * variables give the defaults; a stored value wins. Secrets are write-only
 * (7.9): a section answers `has_<secret>` and a PATCH sends the secret, or null
 * to keep it. The sections are generic (`SETTINGS_SECTIONS`) so that later
 * areas (licence settings) add theirs the same way.
 */

const ref = v.object({ id: v.number(), name: v.string() });
const optionalText = (max: number) => v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max)));
const email = v.nullable(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(255),
    v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'email'),
  ),
);
/** A secret as sent: null keeps the stored one (7.9). */
const secret = (max: number) => v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(max)));

/** `http://` or `https://` and a host, no spaces. */
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s/?#]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** Whether an IANA time zone name is one this runtime knows (Intl throws on the others). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Days kept of the logs (device events, the mail outbox): 1 to 10 years (decided). */
export const LOGS_LIFE_DAYS = { min: 1, max: 3650, default: 90 } as const;

// ─── General ─────────────────────────────────────────────────────────────────

/** How new people of the project are registered (section 3 "registration flags"). */
export const RegistrationFlagsSchema = v.object({
  /** New users get the registration link by mail unless told otherwise (2.5 "new users default to sending a registration link"). */
  send_registration_link: v.boolean(),
});

/** What the project administrator's address is told of (section 3 "notify flags"). */
export const NotifyFlagsSchema = v.object({
  notify_about_offline_device: v.boolean(),
  notify_about_device_task_failed: v.boolean(),
  notify_about_licence: v.boolean(),
});

/** The mobile SDK (section 3 "mobile_sdk_settings"): the companion app's SDK key for this project. */
export const MobileSdkSettingsSchema = v.object({
  is_enabled: v.boolean(),
  app_id: v.nullable(v.string()),
  has_api_key: v.boolean(),
});

/** Residents registering themselves from the mobile app (section 3 "user_self_register_settings"). */
export const UserSelfRegisterSettingsSchema = v.object({
  is_enabled: v.boolean(),
  /** The group new people land in, and the role they get. */
  domain_id: v.nullable(v.number()),
  domain: v.nullable(ref),
  role_id: v.nullable(v.number()),
  role: v.nullable(ref),
});

export const GeneralSettingsSchema = v.object({
  name: v.string(),
  description: v.nullable(v.string()),
  registration_flags: RegistrationFlagsSchema,
  /** The console's address in mailed links; PUBLIC_URL by default. */
  server_url: v.string(),
  /** IANA zone schedules are judged in (access management). */
  time_zone: v.string(),
  /** The project's language: new users, mail to people without one, the console before a choice. */
  locale: v.picklist(LANGUAGES),
  logs_life: v.number(),
  admin_email: v.nullable(v.string()),
  notify_flags: NotifyFlagsSchema,
  guest_identifier_limits: GuestIdentifierLimitsSchema,
  mobile_sdk_settings: MobileSdkSettingsSchema,
  user_self_register_settings: UserSelfRegisterSettingsSchema,
});
export type GeneralSettings = v.InferOutput<typeof GeneralSettingsSchema>;

const limit = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)));

export const GeneralSettingsPatchSchema = v.partial(
  v.object({
    name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255)),
    description: optionalText(1000),
    registration_flags: RegistrationFlagsSchema,
    server_url: v.pipe(v.string(), v.trim(), v.maxLength(255), v.regex(HTTP_URL_PATTERN, 'url_or_ip')),
    time_zone: v.pipe(v.string(), v.trim(), v.maxLength(64), v.check(isTimeZone, 'invalid')),
    locale: v.picklist(LANGUAGES),
    logs_life: v.pipe(v.number(), v.integer(), v.minValue(LOGS_LIFE_DAYS.min), v.maxValue(LOGS_LIFE_DAYS.max)),
    admin_email: email,
    notify_flags: NotifyFlagsSchema,
    guest_identifier_limits: v.object({ max_passes_count: limit, max_period_days: limit }),
    mobile_sdk_settings: v.object({
      is_enabled: v.boolean(),
      app_id: optionalText(255),
      api_key: secret(255),
    }),
    user_self_register_settings: v.object({
      is_enabled: v.boolean(),
      domain_id: v.nullable(IdSchema),
      role_id: v.nullable(IdSchema),
    }),
  }),
);
export type GeneralSettingsPatch = v.InferOutput<typeof GeneralSettingsPatchSchema>;

// ─── SIP ─────────────────────────────────────────────────────────────────────

/**
 * SIP settings of the project: whether its numbers exist for the SIP server at
 * all, whether the browser softphone is offered, and the master switch of the
 * groups' resident phonebooks.
 */
export const SipSettingsSchema = v.object({
  is_sip_enabled: v.boolean(),
  is_web_dialer_enabled: v.boolean(),
  is_resident_phonebook_enabled: v.boolean(),
});
export type SipSettings = v.InferOutput<typeof SipSettingsSchema>;
export const SipSettingsPatchSchema = v.partial(SipSettingsSchema);

/** A placeholder of a domain forward rule queue: the numbers of the called group's members. */
export const GROUP_USERS_PLACEHOLDER = '{group_users}';
export const FORWARD_QUEUE_LIMITS = { queues: 10, numbers: 20, timeoutMin: 5, timeoutMax: 600 } as const;

/** One stage of the group forwarding: its numbers ring together for `timeout` seconds. */
export const DomainForwardQueueSchema = v.object({
  numbers: v.array(v.string()),
  timeout: v.number(),
});

/**
 * Group forwarding (7.8 `sip/domain/forward-rules`): a call to a group's own
 * number (an apartment's) that forwards nowhere of its own rings these queues
 * one after another; `{group_users}` stands for the numbers of the group's members.
 */
export const DomainForwardRulesSchema = v.object({
  is_enabled: v.boolean(),
  queues: v.array(DomainForwardQueueSchema),
});
export type DomainForwardRules = v.InferOutput<typeof DomainForwardRulesSchema>;

const forwardNumber = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(32),
  v.check((s) => s === GROUP_USERS_PLACEHOLDER || /^\+?\d+$/.test(s), 'digits'),
);
export const DomainForwardRulesPatchSchema = v.pipe(
  v.partial(
    v.object({
      is_enabled: v.boolean(),
      queues: v.pipe(
        v.array(
          v.object({
            numbers: v.pipe(v.array(forwardNumber), v.maxLength(FORWARD_QUEUE_LIMITS.numbers)),
            timeout: v.pipe(
              v.number(),
              v.integer(),
              v.minValue(FORWARD_QUEUE_LIMITS.timeoutMin),
              v.maxValue(FORWARD_QUEUE_LIMITS.timeoutMax),
            ),
          }),
        ),
        v.maxLength(FORWARD_QUEUE_LIMITS.queues),
      ),
    }),
  ),
);
export type DomainForwardRulesPatch = v.InferOutput<typeof DomainForwardRulesPatchSchema>;

/** POST /project/sip/resident-phonebook/delete answer: the groups whose phonebook was switched off. */
export const PhonebookDeletedSchema = v.object({ groups: v.number() });

// ─── Push server, white label, Apple Wallet ─────────────────────────────────

/** The mobile push server (section 3 "Push server"); the password and the certificate are write-only. */
export const PushServerSchema = v.object({
  server_url: v.nullable(v.string()),
  server_port: v.nullable(v.number()),
  user_name: v.nullable(v.string()),
  has_user_pass: v.boolean(),
  cert_file_name: v.nullable(v.string()),
  has_cert_file: v.boolean(),
});
export type PushServer = v.InferOutput<typeof PushServerSchema>;

/** A PEM text (a certificate, a key): bounded, and it must look like PEM. */
export const PEM_MAX_LENGTH = 64 * 1024;
const pem = v.pipe(v.string(), v.maxLength(PEM_MAX_LENGTH), v.regex(/-----BEGIN [A-Z0-9 ]+-----/, 'invalid'));

export const PushServerPatchSchema = v.partial(
  v.object({
    server_url: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255), v.regex(HTTP_URL_PATTERN, 'url_or_ip'))),
    server_port: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65_535))),
    user_name: optionalText(255),
    user_pass: secret(255),
    /** The certificate's PEM text; null keeps the stored one. */
    cert_file: v.nullable(pem),
    cert_file_name: optionalText(255),
  }),
);

/** White label of the project (section 3; a group's own whitelabel_settings override it for its people). */
export const ProjectWhitelabelSchema = v.object({
  is_enabled: v.boolean(),
  /** URL of the uploaded logo, or null. */
  logo: v.nullable(v.string()),
  name: v.nullable(v.string()),
  address: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
});
export type ProjectWhitelabel = v.InferOutput<typeof ProjectWhitelabelSchema>;
export const ProjectWhitelabelPatchSchema = v.partial(
  v.object({
    is_enabled: v.boolean(),
    name: optionalText(255),
    address: optionalText(255),
    email,
    phone: optionalText(32),
  }),
);

/** The white-label logo upload (POST /project/whitelabel/logo, POST /domains/{id}/whitelabel/logo). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** A logo is kept within this box (pixels), its proportions kept. */
export const LOGO_BOX = { width: 480, height: 160 } as const;

/** Apple Wallet pass fields of the project (identifiers' pkpass; a group's own settings override them). */
export { AppleWalletSettingsSchema };

const color = v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(32)));
export const AppleWalletPatchSchema = v.partial(
  v.object({
    is_enabled: v.boolean(),
    backfields: optionalText(2000),
    background_color: color,
    barcode_alt_text: optionalText(255),
    developer_name: optionalText(255),
    developer_name_color: color,
    font_color: color,
  }),
);

// ─── Mail ────────────────────────────────────────────────────────────────────

/** How the SMTP connection is protected: `none` (STARTTLS only when offered), `starttls` (required), `ssl` (TLS from the start). */
export const MAIL_ENCRYPTIONS = ['none', 'starttls', 'ssl'] as const;

/** section 3 mail_settings: the mode of section 9 and the SMTP relay; MAIL_MODE and SMTP_* by default. */
export const MailSettingsSchema = v.object({
  mode: v.picklist(MAIL_MODES),
  host: v.string(),
  port: v.number(),
  username: v.nullable(v.string()),
  has_password: v.boolean(),
  from_address: v.string(),
  from_name: v.nullable(v.string()),
  encryption: v.picklist(MAIL_ENCRYPTIONS),
});
export type MailSettings = v.InferOutput<typeof MailSettingsSchema>;
export const MailSettingsPatchSchema = v.partial(
  v.object({
    mode: v.picklist(MAIL_MODES),
    host: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255), v.regex(/^\S+$/, 'url_or_ip')),
    port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65_535)),
    username: optionalText(255),
    password: secret(255),
    from_address: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1),
      v.maxLength(255),
      v.check((s) => /^[^\s@]+@[^\s@]+$/.test(s), 'email'),
    ),
    from_name: optionalText(255),
    encryption: v.picklist(MAIL_ENCRYPTIONS),
  }),
);

/** POST /project/mail/test body: where the test message goes. */
export const MailTestSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1),
    v.maxLength(255),
    v.check((s) => /^[^\s@]+@[^\s@]+$/.test(s), 'email'),
  ),
});
/** What the test did: sent over SMTP, kept in the outbox (mode none), or failed with the relay's words. */
export const MailTestResultSchema = v.object({
  status: v.picklist(['sent', 'kept', 'failed']),
  error: v.nullable(v.string()),
});
export type MailTestResult = v.InferOutput<typeof MailTestResultSchema>;

// ─── Broker certificates ─────────────────────────────────────────────────────

/** What a PEM certificate says of itself. */
export const CertificateInfoSchema = v.object({
  subject: v.string(),
  issuer: v.string(),
  valid_from: v.string(),
  valid_to: v.string(),
  fingerprint256: v.string(),
});
export type CertificateInfo = v.InferOutput<typeof CertificateInfoSchema>;

/**
 * The device broker's TLS certificate (7.8 `broker`): uploaded here (it serves
 * every project of the installation), used by the embedded broker from its next
 * start or `/broker/restart`; `environment` is MQTT_TLS_*, `none` plain MQTT.
 */
export const BrokerCertificatesSchema = v.object({
  source: v.picklist(['stored', 'environment', 'none']),
  certificate: v.nullable(CertificateInfoSchema),
  /** The broker runs with this certificate now (false until a restart takes a new one). */
  is_active: v.boolean(),
  /** Whether the embedded broker is the one in use (an external MQTT_URL broker keeps its own). */
  is_embedded: v.boolean(),
});
export type BrokerCertificates = v.InferOutput<typeof BrokerCertificatesSchema>;
export const BrokerCertificatesUploadSchema = v.object({ cert: pem, key: pem });

// ─── Device backup import ────────────────────────────────────────────────────

/** A device backup file (ours, JSON): one panel's settings, or several. */
export const DEVICE_BACKUP_MAX_BYTES = 2 * 1024 * 1024;
export const DeviceBackupResultSchema = v.object({
  devices_updated: v.number(),
  errors: v.array(v.object({ serial_number: v.nullable(v.string()), message: v.string() })),
});
export type DeviceBackupResult = v.InferOutput<typeof DeviceBackupResultSchema>;

// ─── What the console shows of the project ───────────────────────────────────

/** The white label a user sees (their group's, else the project's), in the server settings. */
export const WhitelabelViewSchema = v.object({
  name: v.nullable(v.string()),
  logo_url: v.nullable(v.string()),
  address: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
});
export type WhitelabelView = v.InferOutput<typeof WhitelabelViewSchema>;

/** The sections, each a tab of /general-settings and a GET/PATCH pair under /project (7.8). */
export const SETTINGS_SECTIONS = ['general', 'sip', 'push', 'whitelabel', 'apple_wallet', 'mail', 'devices'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
