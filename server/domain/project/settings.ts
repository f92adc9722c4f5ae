import { X509Certificate } from 'node:crypto';
import { type Kysely, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../src/contract/constants';
import type { AppleWalletSettingsSchema } from '../../../src/contract/entities/group';
import {
  type GeneralSettings,
  type GeneralSettingsPatch,
  isTimeZone,
  LOGS_LIFE_DAYS,
  type PushServer,
} from '../../../src/contract/entities/project-settings';
import { blankToNull } from '../../../src/contract/validation';
import type { Config } from '../../config';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { nowIso } from '../clock';
import { invalidData } from '../errors';
import { field, readSection, readSections, type Stored, writeSection } from './settings-store';
import { sipOf } from './sip-settings';

/**
 * Project settings by section (section 3 "Project settings", 7.8) and the
 * accessors other areas read them through. Each section answers its effective
 * values: what is stored, else the environment's default (config), else the
 * product's. Secrets are kept but answered only as `has_*`.
 *
 * Here: the general section, the push server and Apple Wallet; beside it the SIP settings
 * (sip-settings.ts), the white label (whitelabel.ts) and mail (mail-settings.ts).
 *
 * Readers for other areas (each one query or two):
 * - `projectTimeZone` — schedules (projectCalendar), the door lists;
 * - `projectLocale`, `projectPublicUrl` — mail;
 * - `projectSip`, `isProjectSipEnabled` (sip-settings.ts) — server settings, the SIP directory, contacts;
 * - `mailConfigFor` (mail-settings.ts) — the mailer's SMTP per project;
 * - `whitelabelFor` (whitelabel.ts) — what a user sees (their group's white label, else the project's);
 * - `appleWalletFor` — identifiers' pkpass (wt/guest): the group's Apple Wallet fields when
 *   it enables its own, else the project's;
 * - `projectGuestLimits`, `projectNamedZone` — guest keys' project limits (guest-access/limits.ts), amenities' zone;
 * - `domainForwardRules` (sip-settings.ts) — forwarding of calls to a group's own number.
 */

type Db = Kysely<Database>;

/** What the project starts with when nothing is stored and no variable says otherwise. */
export const PROJECT_DEFAULTS = {
  timeZone: 'UTC',
  locale: DEFAULT_LANGUAGE,
  logsLife: LOGS_LIFE_DAYS.default,
} as const;

const bool = v.boolean();
const text = v.nullable(v.string());
const num = v.nullable(v.number());

// ─── General ─────────────────────────────────────────────────────────────────

/** The project's IANA zone (schedules are judged in it), UTC unless set. */
export async function projectTimeZone(db: Db, projectId: number): Promise<string> {
  return zoneOf(await readSection(db, projectId, 'general'));
}

/** The zone the project's general settings name, or null when they name none or an unknown one. */
export async function projectNamedZone(db: Db, projectId: number): Promise<string | null> {
  const zone = field(await readSection(db, projectId, 'general'), 'time_zone', v.string(), '');
  return zone && isTimeZone(zone) ? zone : null;
}

/** The project's own guest key limits (general settings); null: none. */
export async function projectGuestLimits(db: Db, projectId: number) {
  return limitsOf(sub(await readSection(db, projectId, 'general'), 'guest_identifier_limits'));
}

function zoneOf(general: Stored): string {
  const zone = field(general, 'time_zone', v.string(), PROJECT_DEFAULTS.timeZone);
  return isTimeZone(zone) ? zone : PROJECT_DEFAULTS.timeZone;
}

/** The project's language (new users, mail to addresses without one). */
export async function projectLocale(db: Db, projectId: number | null): Promise<Language> {
  if (projectId === null) return PROJECT_DEFAULTS.locale;
  return localeOf(await readSection(db, projectId, 'general'));
}

const localeOf = (general: Stored): Language =>
  field(general, 'locale', v.picklist(LANGUAGES), PROJECT_DEFAULTS.locale);

/** The console's address in the project's mailed links: its server_url, else PUBLIC_URL. */
export async function projectPublicUrl(db: Db, config: Pick<Config, 'publicUrl'>, projectId: number | null) {
  if (projectId === null) return config.publicUrl;
  return publicUrlOf(await readSection(db, projectId, 'general'), config);
}

const publicUrlOf = (general: Stored, config: Pick<Config, 'publicUrl'>) =>
  field(general, 'server_url', v.string(), config.publicUrl).replace(/\/+$/, '');

/** Days the project's logs are kept. */
export const logsLifeOf = (general: Stored): number =>
  field(general, 'logs_life', v.pipe(v.number(), v.integer(), v.minValue(1)), PROJECT_DEFAULTS.logsLife);

/** Where the project's administrator hears of offline devices, failed tasks and licences, and which of them. */
export async function adminNotices(db: Db, projectId: number) {
  const general = await readSection(db, projectId, 'general');
  return {
    email: field(general, 'admin_email', text, null),
    flags: notifyFlagsOf(general),
  };
}

const notifyFlagsOf = (general: Stored) => {
  const flags = field(general, 'notify_flags', v.record(v.string(), v.unknown()), {});
  return {
    notify_about_offline_device: field(flags, 'notify_about_offline_device', bool, false),
    notify_about_device_task_failed: field(flags, 'notify_about_device_task_failed', bool, false),
    notify_about_licence: field(flags, 'notify_about_licence', bool, true),
  };
};

/** Whether new users get the registration link unless told (2.5: they do by default). */
export async function sendsRegistrationLink(db: Db, projectId: number): Promise<boolean> {
  const general = await readSection(db, projectId, 'general');
  const flags = field(general, 'registration_flags', v.record(v.string(), v.unknown()), {});
  return field(flags, 'send_registration_link', bool, true);
}

const sub = (stored: Stored, key: string): Stored => field(stored, key, v.record(v.string(), v.unknown()), {});
const limitsOf = (stored: Stored) => ({
  max_passes_count: field(stored, 'max_passes_count', num, null),
  max_period_days: field(stored, 'max_period_days', num, null),
});

/** GET /project/general. */
export async function readGeneral(db: Db, config: Pick<Config, 'publicUrl'>, projectId: number) {
  const project = await db
    .selectFrom('projects')
    .select(['name', 'description'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const general = await readSection(db, projectId, 'general');
  const sdk = sub(general, 'mobile_sdk_settings');
  const selfRegister = sub(general, 'user_self_register_settings');
  const domainId = field(selfRegister, 'domain_id', num, null);
  const roleId = field(selfRegister, 'role_id', num, null);
  const domain =
    domainId === null
      ? undefined
      : await db
          .selectFrom('domains')
          .select(['id', 'name'])
          .where('id', '=', domainId)
          .where('project_id', '=', projectId)
          .executeTakeFirst();
  const role =
    roleId === null
      ? undefined
      : await db
          .selectFrom('roles')
          .select(['id', 'name'])
          .where('id', '=', roleId)
          .where('project_id', '=', projectId)
          .executeTakeFirst();
  const answer: GeneralSettings = {
    name: project.name,
    description: project.description,
    registration_flags: {
      send_registration_link: field(sub(general, 'registration_flags'), 'send_registration_link', bool, true),
    },
    server_url: publicUrlOf(general, config),
    time_zone: zoneOf(general),
    locale: localeOf(general),
    logs_life: logsLifeOf(general),
    admin_email: field(general, 'admin_email', text, null),
    notify_flags: notifyFlagsOf(general),
    guest_identifier_limits: limitsOf(sub(general, 'guest_identifier_limits')),
    mobile_sdk_settings: {
      is_enabled: field(sdk, 'is_enabled', bool, false),
      app_id: field(sdk, 'app_id', text, null),
      has_api_key: field(sdk, 'api_key', text, null) !== null,
    },
    user_self_register_settings: {
      is_enabled: field(selfRegister, 'is_enabled', bool, false),
      domain_id: domain ? domain.id : null,
      domain: domain ? { id: domain.id, name: domain.name } : null,
      role_id: role ? role.id : null,
      role: role ? { id: role.id, name: role.name } : null,
    },
  };
  return answer;
}

/**
 * PATCH /project/general. The name and description are the project's own row; the
 * rest is the section. The self-registration group and role must be the project's
 * (and the role not its administrator's: people who register themselves never get
 * every permission). Answers whether the time zone changed (the door lists follow it).
 */
export async function patchGeneral(
  db: Db,
  projectId: number,
  userId: number,
  patch: GeneralSettingsPatch,
): Promise<{ timeZoneChanged: boolean }> {
  const stored = await readSection(db, projectId, 'general');
  const errors: Record<string, { code: string }> = {};
  const self = patch.user_self_register_settings;
  if (self?.domain_id != null) {
    const group = await db
      .selectFrom('domains')
      .select('id')
      .where('id', '=', self.domain_id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!group) errors['user_self_register_settings.domain_id'] = { code: 'invalid' };
  }
  if (self?.role_id != null) {
    const role = await db
      .selectFrom('roles')
      .select(['id', 'is_admin'])
      .where('id', '=', self.role_id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!role || role.is_admin === 1) errors['user_self_register_settings.role_id'] = { code: 'invalid' };
  }
  if (self?.is_enabled && (self.domain_id == null || self.role_id == null)) {
    if (self.domain_id == null) errors['user_self_register_settings.domain_id'] ??= { code: 'required' };
    if (self.role_id == null) errors['user_self_register_settings.role_id'] ??= { code: 'required' };
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  if (patch.name !== undefined || patch.description !== undefined) {
    await db
      .updateTable('projects')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: blankToNull(patch.description) } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', projectId)
      .execute();
  }
  const sdk = patch.mobile_sdk_settings;
  const storedSdk = sub(stored, 'mobile_sdk_settings');
  await writeSection(
    db,
    projectId,
    'general',
    {
      registration_flags: patch.registration_flags,
      server_url: patch.server_url?.replace(/\/+$/, ''),
      time_zone: patch.time_zone,
      locale: patch.locale,
      logs_life: patch.logs_life,
      admin_email: patch.admin_email === undefined ? undefined : blankToNull(patch.admin_email),
      notify_flags: patch.notify_flags,
      guest_identifier_limits: patch.guest_identifier_limits,
      mobile_sdk_settings: sdk
        ? {
            is_enabled: sdk.is_enabled,
            app_id: blankToNull(sdk.app_id),
            // null keeps the stored key (7.9).
            api_key: sdk.api_key ?? field(storedSdk, 'api_key', text, null),
          }
        : undefined,
      user_self_register_settings: self,
    },
    userId,
  );
  return { timeZoneChanged: patch.time_zone !== undefined && patch.time_zone !== zoneOf(stored) };
}

// ─── Push server ─────────────────────────────────────────────────────────────

export async function readPush(db: Db, projectId: number): Promise<PushServer> {
  const stored = await readSection(db, projectId, 'push');
  return {
    server_url: field(stored, 'server_url', text, null),
    server_port: field(stored, 'server_port', num, null),
    user_name: field(stored, 'user_name', text, null),
    has_user_pass: field(stored, 'user_pass', text, null) !== null,
    cert_file_name: field(stored, 'cert_file_name', text, null),
    has_cert_file: field(stored, 'cert_file', text, null) !== null,
  };
}

/** PATCH /project/push-server: a certificate must be one (X.509 PEM); null secrets keep what is stored. */
export async function patchPush(
  db: Db,
  projectId: number,
  userId: number,
  patch: {
    server_url?: string | null;
    server_port?: number | null;
    user_name?: string | null;
    user_pass?: string | null;
    cert_file?: string | null;
    cert_file_name?: string | null;
  },
): Promise<PushServer> {
  if (patch.cert_file && !certificateInfo(patch.cert_file)) throw invalidData({ cert_file: { code: 'invalid' } });
  await writeSection(
    db,
    projectId,
    'push',
    {
      server_url: patch.server_url === undefined ? undefined : blankToNull(patch.server_url),
      server_port: patch.server_port,
      user_name: patch.user_name === undefined ? undefined : blankToNull(patch.user_name),
      user_pass: patch.user_pass ?? undefined,
      cert_file: patch.cert_file ?? undefined,
      cert_file_name: patch.cert_file_name === undefined ? undefined : blankToNull(patch.cert_file_name),
    },
    userId,
  );
  return readPush(db, projectId);
}

/** What a PEM certificate says of itself, or null when it is not one. */
export function certificateInfo(pem: string) {
  try {
    const cert = new X509Certificate(pem);
    return {
      subject: cert.subject.replace(/\n/g, ', '),
      issuer: cert.issuer.replace(/\n/g, ', '),
      valid_from: new Date(cert.validFrom).toISOString(),
      valid_to: new Date(cert.validTo).toISOString(),
      fingerprint256: cert.fingerprint256,
    };
  } catch {
    return null;
  }
}

// ─── Apple Wallet ────────────────────────────────────────────────────────────

export type AppleWalletSettings = v.InferOutput<typeof AppleWalletSettingsSchema>;

const walletOf = (stored: Stored): AppleWalletSettings => ({
  is_enabled: field(stored, 'is_enabled', bool, false),
  backfields: field(stored, 'backfields', text, null),
  background_color: field(stored, 'background_color', text, null),
  barcode_alt_text: field(stored, 'barcode_alt_text', text, null),
  developer_name: field(stored, 'developer_name', text, null),
  developer_name_color: field(stored, 'developer_name_color', text, null),
  font_color: field(stored, 'font_color', text, null),
});

export async function readAppleWallet(db: Db, projectId: number): Promise<AppleWalletSettings> {
  return walletOf(await readSection(db, projectId, 'apple_wallet'));
}

export async function patchAppleWallet(
  db: Db,
  projectId: number,
  userId: number,
  patch: Partial<AppleWalletSettings>,
): Promise<AppleWalletSettings> {
  const fields: Stored = { is_enabled: patch.is_enabled };
  for (const key of [
    'backfields',
    'background_color',
    'barcode_alt_text',
    'developer_name',
    'developer_name_color',
    'font_color',
  ] as const) {
    if (patch[key] !== undefined) fields[key] = blankToNull(patch[key]);
  }
  return walletOf(await writeSection(db, projectId, 'apple_wallet', fields, userId));
}

/**
 * The Apple Wallet pass fields for an identifier's pkpass: of the identifier's
 * group (or its owner's first group) and the groups above it, the nearest whose
 * own apple_wallet_settings are enabled; else the project's (whose `is_enabled`
 * says whether passes are offered at all).
 */
export async function appleWalletFor(db: Db, projectId: number, groupId: number | null): Promise<AppleWalletSettings> {
  if (groupId !== null) {
    const rows = await db
      .selectFrom('domains as g')
      .innerJoin('domains as mine', (j) => j.on(sql<SqlBool>`g.lft <= mine.lft and g.rgt >= mine.rgt`))
      .select(['g.settings'])
      .where('mine.id', '=', groupId)
      .where('mine.project_id', '=', projectId)
      .where('g.project_id', '=', projectId)
      .orderBy('g.lft', 'desc')
      .execute();
    for (const row of rows) {
      const settings = readJson(row.settings, v.record(v.string(), v.unknown()), {});
      const wallet = walletOf(sub(settings, 'apple_wallet_settings'));
      if (wallet.is_enabled) return wallet;
    }
  }
  return readAppleWallet(db, projectId);
}

/** Several sections at once, for the server settings answer. */
export async function shellSettings(db: Db, config: Pick<Config, 'webDialer'>, projectId: number) {
  const sections = await readSections(db, projectId, ['general', 'sip']);
  return {
    sip: sipOf(sections.sip ?? {}, config),
    locale: localeOf(sections.general ?? {}),
    sendRegistrationLink: field(
      sub(sections.general ?? {}, 'registration_flags'),
      'send_registration_link',
      bool,
      true,
    ),
  };
}
