import { X509Certificate } from 'node:crypto';
import { type Kysely, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, MAIL_MODES } from '../../../src/contract/constants';
import type { AppleWalletSettingsSchema } from '../../../src/contract/entities/group';
import {
  type DomainForwardRules,
  type DomainForwardRulesPatch,
  type GeneralSettings,
  type GeneralSettingsPatch,
  GROUP_USERS_PLACEHOLDER,
  isTimeZone,
  LOGS_LIFE_DAYS,
  MAIL_ENCRYPTIONS,
  type MailSettings,
  type ProjectWhitelabel,
  type PushServer,
  type SipSettings,
  type WhitelabelView,
} from '../../../src/contract/entities/project-settings';
import { ERROR_CODES } from '../../../src/contract/errors';
import { blankToNull } from '../../../src/contract/validation';
import type { Config, MailConfig } from '../../config';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { nowIso } from '../clock';
import { conflict, invalidData } from '../errors';
import { field, readSection, readSections, type Stored, writeSection } from './settings-store';

/**
 * Project settings by section (section 3 "Project settings", 7.8) and the
 * accessors other areas read them through. Each section answers its effective
 * values: what is stored, else the environment's default (config), else the
 * product's. Secrets are kept but answered only as `has_*`.
 *
 * Readers for other areas (each one query or two):
 * - `projectTimeZone` — schedules (projectCalendar), the door lists;
 * - `projectLocale`, `projectPublicUrl` — mail;
 * - `projectSip` — server settings, the SIP directory, contacts;
 * - `mailConfigFor` — the mailer's SMTP per project;
 * - `whitelabelFor` — what a user sees (their group's white label, else the project's);
 * - `appleWalletFor` — identifiers' pkpass (wt/guest): the group's Apple Wallet fields when
 *   it enables its own, else the project's;
 * - `guestLimitsFor` — guest keys: the group's limits, else the project's;
 * - `domainForwardRules` — forwarding of calls to a group's own number.
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

/** Guest keys' limits: the group's when it sets any, else the project's (null: no limit). */
export async function guestLimitsFor(db: Db, projectId: number, groupId: number | null) {
  const general = await readSection(db, projectId, 'general');
  const project = limitsOf(sub(general, 'guest_identifier_limits'));
  if (groupId === null) return project;
  const group = await groupSettings(db, projectId, groupId);
  const own = limitsOf(sub(group, 'guest_identifier_limits'));
  return {
    max_passes_count: own.max_passes_count ?? project.max_passes_count,
    max_period_days: own.max_period_days ?? project.max_period_days,
  };
}

async function groupSettings(db: Db, projectId: number, groupId: number): Promise<Stored> {
  const row = await db
    .selectFrom('domains')
    .select('settings')
    .where('id', '=', groupId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return readJson(row?.settings ?? null, v.record(v.string(), v.unknown()), {});
}

// ─── SIP ─────────────────────────────────────────────────────────────────────

/** SIP settings: the project's SIP on, the softphone offered (GATEHOUSE_WEB_DIALER by default), phonebooks allowed. */
export async function projectSip(db: Db, config: Pick<Config, 'webDialer'>, projectId: number): Promise<SipSettings> {
  return sipOf(await readSection(db, projectId, 'sip'), config);
}

const sipOf = (stored: Stored, config: Pick<Config, 'webDialer'>): SipSettings => ({
  is_sip_enabled: field(stored, 'is_sip_enabled', bool, true),
  is_web_dialer_enabled: field(stored, 'is_web_dialer_enabled', bool, config.webDialer),
  is_resident_phonebook_enabled: field(stored, 'is_resident_phonebook_enabled', bool, true),
});

/** Whether the project's numbers exist for the SIP server (its SIP settings' switch; on by default). */
export async function isProjectSipEnabled(db: Db, projectId: number): Promise<boolean> {
  return field(await readSection(db, projectId, 'sip'), 'is_sip_enabled', bool, true);
}

/** Whether the groups' resident phonebooks count (the project's master switch; on by default). */
export async function areResidentPhonebooksAllowed(db: Db, projectId: number): Promise<boolean> {
  return field(await readSection(db, projectId, 'sip'), 'is_resident_phonebook_enabled', bool, true);
}

export async function patchSip(
  db: Db,
  config: Pick<Config, 'webDialer'>,
  projectId: number,
  userId: number,
  patch: Partial<SipSettings>,
): Promise<SipSettings> {
  return sipOf(await writeSection(db, projectId, 'sip', patch, userId), config);
}

/** Group forwarding (7.8 sip/domain/forward-rules): off with no queues unless set. */
export async function domainForwardRules(db: Db, projectId: number): Promise<DomainForwardRules> {
  const stored = await readSection(db, projectId, 'domain_forward_rules');
  return {
    is_enabled: field(stored, 'is_enabled', bool, false),
    queues: field(
      stored,
      'queues',
      v.array(v.object({ numbers: v.array(v.string()), timeout: v.number() })),
      [] as DomainForwardRules['queues'],
    ),
  };
}

/**
 * Section 5 on forward settings: enabled, they need at least one queue with at
 * least one number (`queues: one_required`), and the `{group_users}` placeholder
 * somewhere (`queues: placeholder_required`), or no call would reach the group.
 */
export async function patchDomainForwardRules(
  db: Db,
  projectId: number,
  userId: number,
  patch: DomainForwardRulesPatch,
): Promise<DomainForwardRules> {
  const current = await domainForwardRules(db, projectId);
  const next = { ...current, ...patch };
  const queues = next.queues.filter((q) => q.numbers.length > 0);
  if (next.is_enabled) {
    if (queues.length === 0) throw invalidData({ queues: { code: 'one_required' } });
    if (!queues.some((q) => q.numbers.includes(GROUP_USERS_PLACEHOLDER))) {
      throw invalidData({ queues: { code: 'placeholder_required', params: { name: GROUP_USERS_PLACEHOLDER } } });
    }
  }
  await writeSection(db, projectId, 'domain_forward_rules', { is_enabled: next.is_enabled, queues }, userId);
  return domainForwardRules(db, projectId);
}

/**
 * POST /project/sip/resident-phonebook/delete: switches the resident phonebook
 * off in every group of the project (residents no longer reach each other by
 * it). Refused while the project's own switch is on (8.2 "phonebook must be
 * disabled"): switch it off first, so nothing turns it back on meanwhile.
 */
export async function deleteResidentPhonebook(
  db: Db,
  config: Pick<Config, 'webDialer'>,
  projectId: number,
): Promise<{ groups: number }> {
  if ((await projectSip(db, config, projectId)).is_resident_phonebook_enabled) {
    throw conflict(ERROR_CODES.phonebookMustBeDisabled);
  }
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('domains')
      .select(['id', 'settings'])
      .where('project_id', '=', projectId)
      .execute();
    const groups = rows
      .map((row) => ({ id: row.id, settings: readJson(row.settings, v.record(v.string(), v.unknown()), {}) }))
      .filter((group) => group.settings.is_resident_phonebook_enabled === true);
    for (const { id, settings } of groups) {
      await trx
        .updateTable('domains')
        .set({ settings: JSON.stringify({ ...settings, is_resident_phonebook_enabled: false }), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    }
    return { groups: groups.length };
  });
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

// ─── White label ─────────────────────────────────────────────────────────────

export async function readWhitelabel(db: Db, projectId: number): Promise<ProjectWhitelabel> {
  return whitelabelOf(await readSection(db, projectId, 'whitelabel'));
}

const whitelabelOf = (stored: Stored): ProjectWhitelabel => ({
  is_enabled: field(stored, 'is_enabled', bool, false),
  logo: field(stored, 'logo', text, null),
  name: field(stored, 'name', text, null),
  address: field(stored, 'address', text, null),
  email: field(stored, 'email', text, null),
  phone: field(stored, 'phone', text, null),
});

export async function patchWhitelabel(
  db: Db,
  projectId: number,
  userId: number,
  patch: Partial<Omit<ProjectWhitelabel, 'logo'>>,
): Promise<ProjectWhitelabel> {
  const fields: Stored = { is_enabled: patch.is_enabled };
  for (const key of ['name', 'address', 'email', 'phone'] as const) {
    if (patch[key] !== undefined) fields[key] = blankToNull(patch[key]);
  }
  return whitelabelOf(await writeSection(db, projectId, 'whitelabel', fields, userId));
}

/** Sets (or clears, with null) the project's logo URL; answers the previous one (its file is removed). */
export async function setProjectLogo(db: Db, projectId: number, userId: number, url: string | null) {
  const before = await readWhitelabel(db, projectId);
  const after = whitelabelOf(await writeSection(db, projectId, 'whitelabel', { logo: url }, userId));
  return { before: before.logo, after };
}

const GroupWhitelabelSchema = v.object({
  is_enabled: v.boolean(),
  logo: text,
  name: text,
  address: text,
  email: text,
  phone: text,
});

/** A group's place in the project's tree (nested set). */
export type GroupPlace = { lft: number; rgt: number };

/**
 * The white label a user of the project sees (section 3: "the console shows
 * them to the group's users"): of the user's groups and the groups above them,
 * the nearest one whose own white label is on; else the project's when it is
 * on; else none. `groupIds` or `places` instead of a user: a mail about groups
 * (a device's).
 */
export async function whitelabelFor(
  db: Db,
  projectId: number,
  who: { userId: number } | { groupIds: number[] } | { places: GroupPlace[] },
): Promise<WhitelabelView | null> {
  let places: GroupPlace[];
  if ('places' in who) places = who.places;
  else if ('userId' in who) {
    places = await db
      .selectFrom('user_domains as ud')
      .innerJoin('domains as mine', 'mine.id', 'ud.domain_id')
      .select(['mine.lft', 'mine.rgt'])
      .where('ud.user_id', '=', who.userId)
      .where('mine.project_id', '=', projectId)
      .execute();
  } else {
    places =
      who.groupIds.length === 0
        ? []
        : await db
            .selectFrom('domains as mine')
            .select(['mine.lft', 'mine.rgt'])
            .where('mine.id', 'in', who.groupIds)
            .where('mine.project_id', '=', projectId)
            .execute();
  }
  if (places.length > 0) {
    const rows = await db
      .selectFrom('domains as g')
      .select(['g.settings'])
      .where('g.project_id', '=', projectId)
      .where((eb) => eb.or(places.map((p) => eb.and([eb('g.lft', '<=', p.lft), eb('g.rgt', '>=', p.rgt)]))))
      .orderBy('g.lft', 'desc')
      .execute();
    for (const row of rows) {
      const settings = readJson(row.settings, v.looseObject({ whitelabel_settings: GroupWhitelabelSchema }), null);
      const w = settings?.whitelabel_settings;
      if (w?.is_enabled) return { name: w.name, logo_url: w.logo, address: w.address, email: w.email, phone: w.phone };
    }
  }
  const project = await readWhitelabel(db, projectId);
  if (!project.is_enabled) return null;
  return {
    name: project.name,
    logo_url: project.logo,
    address: project.address,
    email: project.email,
    phone: project.phone,
  };
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

// ─── Mail ────────────────────────────────────────────────────────────────────

const encryptionOf = (config: MailConfig) => (config.secure ? 'ssl' : 'none');

/** GET /project/mail: stored values over MAIL_MODE, SMTP_* and MAIL_FROM. */
export async function readMail(db: Db, config: Pick<Config, 'mail'>, projectId: number): Promise<MailSettings> {
  return mailOf(await readSection(db, projectId, 'mail'), config.mail);
}

function mailOf(stored: Stored, env: MailConfig): MailSettings {
  return {
    mode: field(stored, 'mode', v.picklist(MAIL_MODES), env.mode),
    host: field(stored, 'host', v.string(), env.host),
    port: field(stored, 'port', v.number(), env.port),
    username: field(stored, 'username', text, env.user),
    has_password: field(stored, 'password', text, env.password) !== null,
    from_address: field(stored, 'from_address', v.string(), env.from),
    from_name: field(stored, 'from_name', text, null),
    encryption: field(stored, 'encryption', v.picklist(MAIL_ENCRYPTIONS), encryptionOf(env)),
  };
}

export async function patchMail(
  db: Db,
  config: Pick<Config, 'mail'>,
  projectId: number,
  userId: number,
  patch: Partial<Omit<MailSettings, 'has_password'> & { password: string | null }>,
): Promise<MailSettings> {
  const { password, ...rest } = patch;
  const fields: Stored = { ...rest, password: password ?? undefined };
  if (patch.username !== undefined) fields.username = blankToNull(patch.username);
  if (patch.from_name !== undefined) fields.from_name = blankToNull(patch.from_name);
  return mailOf(await writeSection(db, projectId, 'mail', fields, userId), config.mail);
}

/** The SMTP relay, mode and sender of a project's mail (the environment's for mail of no project). */
export interface ProjectMailConfig extends MailConfig {
  encryption: (typeof MAIL_ENCRYPTIONS)[number];
  fromName: string | null;
}

export async function mailConfigFor(
  db: Db,
  config: Pick<Config, 'mail'>,
  projectId: number | null,
): Promise<ProjectMailConfig> {
  const env = config.mail;
  if (projectId === null) return { ...env, encryption: encryptionOf(env), fromName: null };
  const stored = await readSection(db, projectId, 'mail');
  const shown = mailOf(stored, env);
  return {
    mode: shown.mode,
    host: shown.host,
    port: shown.port,
    secure: shown.encryption === 'ssl',
    user: shown.username,
    password: field(stored, 'password', text, env.password),
    from: shown.from_address,
    encryption: shown.encryption,
    fromName: shown.from_name,
  };
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
