import type { BackupEntity } from '../../../src/contract/entities/backup';

/**
 * Which entity of a backup each table belongs to, or why it is not backed up. Only tables are
 * named here: their columns, keys, which rows are a project's and the order they are written in
 * come from the database itself (layout.ts over server/db/introspect.ts). A table a migration
 * adds must be named here, as an entity's or excluded with its reason:
 * tests/unit/backup-tables.test.ts fails on a table that is neither, so no area's data can
 * silently escape backups.
 */
export type TableClass =
  | {
      entity: BackupEntity;
      /**
       * Rows shared between projects (users): a project's are those a row of `via` (which has
       * the project) points to; a restore deletes one only when no other project holds it.
       */
      shared?: { via: string };
      /** Columns a restore leaves as they are, with the reason. */
      keep?: Record<string, string>;
    }
  | { excluded: string };

const SESSIONS = 'sessions and one-time codes: a restore never logs anyone in or out by itself';
const QUEUE = 'work in flight: a restore must not resend or forget commands; devices are resynced after it';
const INSTANCE = 'belongs to the installation, not to one project';

export const BACKUP_TABLES: Record<string, TableClass> = {
  // settings
  projects: {
    entity: 'settings',
    keep: { features: 'licensed features follow the installed licence, not a backup' },
  },
  project_settings: { entity: 'settings' },
  mail_templates: { entity: 'settings' },
  // Video platforms (project or group level; doors name them in their settings): the password and certificate ride in the encrypted archive like SMTP's.
  integrations: { entity: 'settings' },

  // groups
  domains: { entity: 'groups' },
  domain_types: { entity: 'groups' },

  // roles
  roles: { entity: 'roles' },
  role_available_roles: { entity: 'roles' },

  // users
  users: { entity: 'users', shared: { via: 'memberships' } },
  memberships: { entity: 'users' },
  user_domains: { entity: 'users' },
  user_markers: { entity: 'users' },
  notification_settings: { entity: 'users' },
  mobile_clients: { entity: 'users' },

  // markers
  markers: { entity: 'markers' },

  // devices
  devices: { entity: 'devices' },
  device_floors: { entity: 'devices' },
  device_pool: { entity: 'devices' },

  // elevators
  elevators: { entity: 'elevators' },
  elevator_devices: { entity: 'elevators' },

  // access
  time_rules: { entity: 'access' },
  project_days: { entity: 'access' },
  access_rules: { entity: 'access' },
  access_rule_devices: { entity: 'access' },
  access_rule_time_rules: { entity: 'access' },
  access_rule_users: { entity: 'access' },
  access_rule_identifiers: { entity: 'access' },
  access_rule_domains: { entity: 'access' },
  elevator_access_rules: { entity: 'access' },
  elevator_access_rule_users: { entity: 'access' },
  elevator_access_rule_floors: { entity: 'access' },

  // identifiers
  identifiers: { entity: 'identifiers' },

  // telephony
  sip_numbers: { entity: 'telephony' },
  sip_number_forward_rule_sets: { entity: 'telephony' },
  forward_rule_sets: { entity: 'telephony' },
  forward_groups: { entity: 'telephony' },
  sip_trunks: { entity: 'telephony' },
  sip_trunk_domains: { entity: 'telephony' },
  interception_settings: { entity: 'telephony' },

  // communications
  conversations: { entity: 'communications' },
  conversation_participants: { entity: 'communications' },
  conversation_messages: { entity: 'communications' },
  announces: { entity: 'communications' },
  announce_users: { entity: 'communications' },
  announce_domains: { entity: 'communications' },
  announce_recipients: { entity: 'communications' },
  emergency_alerts: { entity: 'communications' },
  emergency_alert_domains: { entity: 'communications' },
  emergency_alert_devices: { entity: 'communications' },
  notifications: { entity: 'communications' },

  // amenities
  amenities: { entity: 'amenities' },
  amenity_domains: { entity: 'amenities' },
  amenity_access_rules: { entity: 'amenities' },
  amenity_reservations: { entity: 'amenities' },
  amenity_slot_places: { entity: 'amenities' },
  amenity_reservation_logs: { entity: 'amenities' },

  // history: what happened (calls, device events and alarms, the ACS log)
  call_history: { entity: 'history' },
  device_events: { entity: 'history' },
  access_events: { entity: 'history' },
  device_alarms: { entity: 'history' },
  device_alarm_log: { entity: 'history' },

  // not backed up
  refresh_tokens: { excluded: SESSIONS },
  one_time_codes: { excluded: SESSIONS },
  self_registrations: { excluded: `pending sign-ups: ${INSTANCE}` },
  outbox: { excluded: 'mail already sent or queued: a restore must neither resend nor unsend it' },
  device_tasks: { excluded: QUEUE },
  device_sync: { excluded: 'what each device last took: recomputed by the resync after a restore' },
  device_sync_errors: { excluded: 'what each device last refused: recomputed by the resync after a restore' },
  audit_events: { excluded: 'the audit trail only grows: a restore is recorded in it, never rewinds it' },
  backups: { excluded: 'the catalogue of backups itself: a restore neither forgets nor brings back archives' },
  list_versions: { excluded: 'counters of cached list totals, bumped by every write' },
  ip_bans: { excluded: `IP blocking: ${INSTANCE}` },
  ip_block_failures: { excluded: `IP blocking: ${INSTANCE}` },
  ip_whitelist: { excluded: `IP blocking: ${INSTANCE}` },
  login_locks: { excluded: `IP blocking: ${INSTANCE}` },
  installation_settings: { excluded: INSTANCE },
  licences: { excluded: 'licences follow the installation and its licence files, never a backup' },
  licence_settings: { excluded: 'licence state follows the installed licences, never a backup' },
  licence_notices: { excluded: 'licence notices already sent' },
  domain_licences: { excluded: 'group licence counts are checked against the installed licences' },
};

/** Tables named by prefix: bookkeeping of the database and its indexes, never a project's rows. */
export const EXCLUDED_PREFIXES: readonly { prefix: string; reason: string }[] = [
  { prefix: 'kysely_', reason: 'migration bookkeeping' },
  { prefix: 'sqlite_', reason: 'SQLite bookkeeping' },
  { prefix: 'users_search', reason: 'SQLite search index of users, kept by triggers' },
];

/** The class of a table, or null when nothing names it (the test's failure). */
export function classOf(table: string): TableClass | null {
  const named = BACKUP_TABLES[table];
  if (named) return named;
  const prefixed = EXCLUDED_PREFIXES.find((p) => table.startsWith(p.prefix));
  return prefixed ? { excluded: prefixed.reason } : null;
}
