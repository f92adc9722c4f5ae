import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Both dialects store the same things the same
 * way: booleans as integers 0/1, JSON as text, timestamps as ISO-8601 UTC text
 * (`Date#toISOString`, so they sort and compare as strings).
 */

/** 0 or 1. */
export type Flag = 0 | 1;
/** ISO-8601 UTC text. */
export type Timestamp = string;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** JSON of LicensedFeatures (src/contract/entities/server-settings.ts). */
  features: string;
  /** JSON object of project settings (section 3, project settings); filled in by later issues. */
  settings: Defaulted<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  /** argon2id; null for an invited user who has not set a password yet. */
  password_hash: string | null;
  name: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  description: string | null;
  avatar_url: string | null;
  /** user.profile.locale, also shown as the profile's top-level locale. */
  locale: Defaulted<string>;
  /** user.profile.* (section 3) as columns, so later lists can filter and sort on them. */
  profile_phone: string | null;
  profile_address: string | null;
  use_phone_in_forward: Defaulted<Flag>;
  country_code: string | null;
  time_zone: Defaulted<number>;
  sip_number_id: number | null;
  identifier_format: Defaulted<string>;
  time_format: Defaulted<string>;
  is_app_popup_active: Defaulted<Flag>;
  activated_at: Timestamp | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** 0/1: a registration link was (or is to be) sent instead of a password. */
  send_registration_link: Defaulted<Flag>;
  /** 0/1: the user's identifiers do not call elevators (section 3). */
  elevator_access_disabled: Defaulted<Flag>;
}

export interface RolesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string | null;
  /** JSON array of permission strings. */
  permissions: string;
  /** The project's administrator role: always holds the whole catalogue (docs/decisions.md, Users and roles). */
  is_admin: Defaulted<Flag>;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Roles a role may edit or assign (6.1 "Available Profiles"). */
export interface RoleAvailableRolesTable {
  role_id: number;
  available_role_id: number;
}

/** A user's role in one project; a user has one role per project. */
export interface MembershipsTable {
  user_id: number;
  project_id: number;
  role_id: number;
  created_at: Timestamp;
}

export interface DomainTypesTable {
  id: Generated<number>;
  project_id: number;
  /** Stable code (`project`, `building`, `unit`, …) the hierarchy rules of issue 3 key on. */
  type: string;
  name: string;
  /** Null: usable in the whole project; set: only inside that group's subtree (migration 0003). */
  domain_id: number | null;
  created_at: Timestamp;
}

/** Groups (section 3 "Group (domain)"), a nested set per project. */
export interface DomainsTable {
  id: Generated<number>;
  project_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  domain_type_id: number | null;
  logic_address: string | null;
  lft: number;
  rgt: number;
  /** JSON of GroupSettings (src/contract/entities/group.ts), migration 0003. */
  settings: Defaulted<string>;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserDomainsTable {
  user_id: number;
  domain_id: number;
}

/**
 * Refresh tokens, stored as SHA-256 hashes. A family is one login session in one
 * project: every rotation adds a row to it, and reuse revokes all of it.
 */
export interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  family_id: string;
  user_id: number;
  project_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MarkersTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  color: string;
  description: string | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserMarkersTable {
  user_id: number;
  marker_id: number;
}

export interface OutboxTable {
  id: Generated<number>;
  project_id: number | null;
  to_address: string;
  subject: string;
  body: string;
  /** invitation | recovery | … */
  kind: string;
  /** queued | sent | failed | kept (mail mode none) */
  status: string;
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The HTML part (migration 0025); null for messages written before it. */
  html: string | null;
}

/** One section of a project's settings (migration 0025): JSON, fields missing mean their default. */
export interface ProjectSettingsTable {
  project_id: number;
  section: string;
  value: Defaulted<string>;
  updated_by_user_id: number | null;
  updated_at: Timestamp;
}

/** Settings of the whole installation (migration 0025): the device broker's certificate. */
export interface InstallationSettingsTable {
  section: string;
  value: Defaulted<string>;
  updated_at: Timestamp;
}

/** A mail template (migration 0025): project level when domain_id is null (domain_key 0). */
export interface MailTemplatesTable {
  id: Generated<number>;
  project_id: number;
  domain_id: number | null;
  /** domain_id, or 0 for the project level: the unique index's key. */
  domain_key: Defaulted<number>;
  mail_type_id: number;
  subject: string;
  body: string;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A video platform integration (migration 0029): project level when domain_id is null. */
export interface IntegrationsTable {
  id: Generated<number>;
  project_id: number;
  domain_id: number | null;
  type: string;
  name: string;
  url: string;
  /** The url as compared: lower-cased, no trailing slash (unique in the project). */
  url_key: string;
  user_name: string | null;
  /** Kept to sign in to the platform; never answered. */
  password: string | null;
  /** The uploaded PEM file (certificates, maybe a private key) and its file name. */
  certificate: string | null;
  certificate_name: string | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  /** SHA-256 of the code; the code itself only travels in the mail. */
  code_hash: string;
  kind: 'invitation' | 'recovery';
  user_id: number;
  project_id: number | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SelfRegistrationsTable {
  id: Generated<number>;
  code_hash: string;
  email: string;
  /** JSON of the registration form (without the password). */
  payload: string;
  password_hash: string;
  expires_at: Timestamp;
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
}

/** Devices (migrations 0008 and 0015). */
export interface DevicesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string | null;
  type: Defaulted<string>;
  model: Defaulted<string>;
  ip_address: string | null;
  port: Defaulted<number>;
  serial_number: string | null;
  password: string | null;
  device_login: string | null;
  device_password: string | null;
  protocol: Defaulted<string>;
  domain_id: number | null;
  /** Opaque handle for door management and open-door calls. */
  token: string;
  /** JSON of device_settings. */
  settings: Defaulted<string>;
  /** JSON of device_info (status, …). */
  info: Defaulted<string>;
  get_logs: Defaulted<Flag>;
  heartbeat: Defaulted<Flag>;
  realtime_logging: Defaulted<Flag>;
  location_latitude: number | null;
  location_longitude: number | null;
  /** The device's MQTT password (device_settings.mqtt_password). */
  mqtt_password: string | null;
  /** The internal subnetwork address, unique in a project (null: the device has no number). */
  internal_address: string | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a device reported (migration 0017), once per (device, event_id). */
export interface DeviceEventsTable {
  id: Generated<number>;
  project_id: number;
  device_id: number;
  /** The device's own id of the event (unique for that device). */
  event_id: string;
  type: string;
  /** The device's clock. */
  occurred_at: Timestamp;
  received_at: Timestamp;
  /** JSON of the event's data. */
  data: Defaulted<string>;
}

/**
 * An access decision a device reported (migration 0022): the ACS log, one row per device event,
 * with the identifier and its holder resolved when it was stored.
 */
export interface AccessEventsTable {
  id: Generated<number>;
  project_id: number;
  device_id: number;
  device_event_id: number;
  occurred_at: Timestamp;
  received_at: Timestamp;
  lock: number | null;
  floor: number | null;
  granted: Flag;
  /** `granted`, or the door's reason code of a denial (ACCESS_DECISION_REASONS, or a newer device's). */
  reason: string;
  identifier_id: number | null;
  identifier_type: string | null;
  identifier_value: string;
  identifier_name: string | null;
  /** owner | guest (null: an identifier nobody holds here). */
  holder_type: string | null;
  user_id: number | null;
  user_name: string | null;
}

/** An alarm a device raised (migration 0017). */
export interface DeviceAlarmsTable {
  id: Generated<number>;
  project_id: number;
  device_id: number;
  /** The device's own alarm id (unique for that device). */
  device_alarm_id: string;
  sensor: string;
  /** enabled | disabled | processed */
  state: string;
  raised_at: Timestamp | null;
  cleared_at: Timestamp | null;
  processed_at: Timestamp | null;
  processed_by_user_id: number | null;
  comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Every state change of an alarm (migration 0017); user null: the device changed it. */
export interface DeviceAlarmLogTable {
  id: Generated<number>;
  alarm_id: number;
  state: string;
  at: Timestamp;
  user_id: number | null;
  comment: string | null;
}

/** A lift controller's floor map (section 3 "Floor map entry"). */
export interface DeviceFloorsTable {
  id: Generated<number>;
  device_id: number;
  floor: number;
  name: string | null;
  is_public: Defaulted<Flag>;
  is_panel_floor: Defaulted<Flag>;
  /** JSON array of apartment numbers. */
  apartments: Defaulted<string>;
  /** JSON array of relay numbers. */
  ports: Defaulted<string>;
}

/** Elevators (section 3): a lift in a group. */
export interface ElevatorsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  domain_id: number;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An elevator's lift controllers; a device is in one elevator at most. */
export interface ElevatorDevicesTable {
  elevator_id: number;
  device_id: number;
}

/** Devices waiting to be added to the project (`GET /devices/raw/items`, `PUT /devices/from-pool`). */
export interface DevicePoolTable {
  id: Generated<number>;
  project_id: number;
  serial_number: string;
  type: Defaulted<string>;
  model: Defaulted<string>;
  ip_address: string | null;
  port: Defaulted<number>;
  protocol: Defaulted<string>;
  created_at: Timestamp;
}

export interface ForwardRuleSetsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** JSON: numbers, timeout, days, period, trunk_numbers. */
  params: Defaulted<string>;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ForwardGroupsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** JSON list of redirect_if_no_answer / redirect_if_error rules. */
  forward_rules: Defaulted<string>;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A mobile companion app installation of a user in a project (section 3 Mobile client). */
export interface MobileClientsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  platform: string;
  info: string | null;
  auth_at: string;
  vendor_id: string;
  sip_number_id: number | null;
  ukey2: string | null;
  created_at: string;
}

export interface SipNumbersTable {
  id: Generated<number>;
  project_id: number;
  /** SIP user part, unique on the server. */
  number: string;
  name: string | null;
  password: string;
  is_active: Defaulted<Flag>;
  is_reserved: Defaulted<Flag>;
  user_id: number | null;
  device_id: number | null;
  domain_id: number | null;
  forward_group_id: number | null;
  /** disabled | manual | picked */
  forward_mode: Defaulted<string>;
  /** null | master_sip_number | concierge */
  purpose: string | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SipNumberForwardRuleSetsTable {
  sip_number_id: number;
  forward_rule_set_id: number;
  /** The stage's place: rule sets are tried in this order. */
  position: Defaulted<number>;
}

export interface SipTrunksTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  outgoing_number: string;
  termination_uri: string;
  login: string | null;
  password: string | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SipTrunkDomainsTable {
  sip_trunk_id: number;
  domain_id: number;
}

export interface CallHistoryTable {
  id: Generated<number>;
  project_id: number;
  speech_id: string;
  from_number: string;
  to_number: string;
  from_user_id: number | null;
  to_user_id: number | null;
  answered_by: string | null;
  /** answered | cancel | busy | noanswer | failed */
  status: string;
  /** normal | awaiting */
  type: Defaulted<string>;
  is_sos: Defaulted<Flag>;
  /** Seconds between answer and end. */
  duration: Defaulted<number>;
  started_at: Timestamp;
  answered_at: Timestamp | null;
  ended_at: Timestamp | null;
  created_at: Timestamp;
}

export interface InterceptionSettingsTable {
  user_id: number;
  project_id: number;
  is_active: Defaulted<Flag>;
  /** JSON list of group ids. */
  domains: Defaulted<string>;
  updated_at: Timestamp;
}

export interface IpBansTable {
  id: Generated<number>;
  ip: string;
  /** sip | http */
  service: string;
  /** UNKNOWN | AUTH_FAILED | WRONG_NUMBER */
  cause: string;
  banned_at: Timestamp;
  expires_at: Timestamp | null;
  /** 1, 2, 3: the escalation step (migration 0010). */
  level: Defaulted<number>;
  /** When a sweep saw the ban run out; the row stays a day longer for the escalation (migration 0010). */
  lapsed_at: Timestamp | null;
}

export interface IpWhitelistTable {
  id: Generated<number>;
  /** An address or a CIDR range, normalised (src/contract/ip-address.ts). */
  ip: string;
  created_at: Timestamp;
  description: string | null;
  created_by_user_id: number | null;
}

/** One failure counted against an address or a login (migration 0010). */
export interface IpBlockFailuresTable {
  id: Generated<number>;
  /** address | login */
  subject: string;
  key: string;
  /** http | sip */
  service: string;
  /** AUTH_FAILED | WRONG_NUMBER */
  cause: string;
  failed_at: Timestamp;
}

/** A login refused for a while after repeated failures from any addresses (migration 0010). */
export interface LoginLocksTable {
  id: Generated<number>;
  login: string;
  locked_at: Timestamp;
  expires_at: Timestamp;
}

/** The generic audit trail (migration 0010): who did what to which entity. */
export interface AuditEventsTable {
  id: Generated<number>;
  project_id: number | null;
  user_id: number | null;
  /** the act, e.g. update, delete_all, unban (src/contract/audit-plan.ts) */
  action: string;
  entity: string;
  entity_id: number | null;
  entity_key: string | null;
  /** JSON object. */
  details: Defaulted<string>;
  created_at: Timestamp;
  /** The client's address as the server saw it (TRUST_PROXY applied; migration 0027). */
  ip: string | null;
  /** The request id (server log, and the other objects of one bulk call). */
  request_id: string | null;
  /** The contract call the act came through, e.g. `PATCH /users/{id}`. */
  call: string | null;
  /** JSON array of `{ field, before, after, secret? }`. */
  changes: Defaulted<string>;
}

/** Notifications per user and project (migration 0006). */
export interface NotificationsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  /** A code of NOTIFICATION_TYPES. */
  type: string;
  /** JSON object. */
  data: Defaulted<string>;
  /** normal | important */
  significance: Defaulted<string>;
  icon: string;
  colour: string;
  /** Sound name; null: silent. */
  sound: string | null;
  /** JSON of PopupAction, or null. */
  popup_action: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  read_at: Timestamp | null;
}

/** A user's notification subscription in one project (migration 0006). */
export interface NotificationSettingsTable {
  user_id: number;
  project_id: number;
  notify_about_offline_device: Defaulted<Flag>;
  notify_about_device_task_failed: Defaulted<Flag>;
  acs: Defaulted<Flag>;
  updated_at: Timestamp;
}

/** Conversations (migration 0007): a subject between participants; updated_at is the last message's time. */
export interface ConversationsTable {
  id: Generated<number>;
  project_id: number;
  subject: string;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConversationParticipantsTable {
  conversation_id: number;
  user_id: number;
  /** Messages after this are unread for the participant. */
  last_read_at: Timestamp | null;
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number | null;
  body: string;
  /** Strictly increasing within a conversation. */
  created_at: Timestamp;
}

/** Announcements (migration 0007). */
export interface AnnouncesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string | null;
  subject: string;
  /** info | poll */
  type: Defaulted<string>;
  /** new | started | stopped */
  status: Defaulted<string>;
  /** JSON of AnnounceTypeInfo. */
  type_info: Defaulted<string>;
  /** email | push */
  send_via: Defaulted<string>;
  body: string;
  use_owner_info: Defaulted<Flag>;
  execute_at: Timestamp | null;
  started_at: Timestamp | null;
  stopped_at: Timestamp | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnnounceUsersTable {
  announce_id: number;
  user_id: number;
}

export interface AnnounceDomainsTable {
  announce_id: number;
  domain_id: number;
}

/** One delivery of an announce to a user: the token of /announce/:token and the poll answer. */
export interface AnnounceRecipientsTable {
  id: Generated<number>;
  announce_id: number;
  user_id: number;
  token: string;
  delivered_at: Timestamp;
  viewed_at: Timestamp | null;
  /** JSON array of option indices. */
  answers: string | null;
  custom_answer: string | null;
  answered_at: Timestamp | null;
}

/** Emergency alerts (migration 0007). */
export interface EmergencyAlertsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  device_type: Defaulted<string>;
  filename: string | null;
  playback_duration: Defaulted<number>;
  open_locks: Defaulted<Flag>;
  /** new | started | stopped */
  status: Defaulted<string>;
  started_at: Timestamp | null;
  stopped_at: Timestamp | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmergencyAlertDomainsTable {
  alert_id: number;
  domain_id: number;
}

/** No foreign key: the devices table is created by a later migration (0008). */
export interface EmergencyAlertDevicesTable {
  alert_id: number;
  device_id: number;
}

/** One write counter per table lists depend on (migration 0012): cached totals compare it. */
export interface ListVersionsTable {
  name: string;
  version: number;
}

/** A schedule (doc 1 §3 time rule); its recurrence is one JSON `definition` (server/domain/access). */
export interface TimeRulesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string | null;
  definition: Defaulted<string>;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A date of the project's calendar marked as a holiday or a workday (day types of time rules). */
export interface ProjectDaysTable {
  project_id: number;
  /** YYYY-MM-DD in the project's time zone. */
  date: string;
  day_type: 'holiday' | 'workday';
  name: string | null;
}

/** An identifier (doc 1 §3); a guest key is one with owner_type guest and a `key_uid`. */
export interface IdentifiersTable {
  id: Generated<number>;
  project_id: number;
  name: string | null;
  description: string | null;
  is_active: Defaulted<Flag>;
  type: string;
  value: string;
  owner_type: Defaulted<string>;
  owner_id: number | null;
  guest_type: string | null;
  period_active: Defaulted<Flag>;
  period_from: Timestamp | null;
  period_to: Timestamp | null;
  passes_active: Defaulted<Flag>;
  passes_max_count: number | null;
  passes_count: Defaulted<number>;
  is_profile_identifier: Defaulted<Flag>;
  revoked_at: Timestamp | null;
  photo_path: string | null;
  key_uid: string | null;
  /** A UKEY2's mobile client (migration 0022); kept after the key is revoked. */
  mobile_client_id: number | null;
  key_message: string | null;
  /** JSON list of { from, to } ISO instants: it opens only inside one of them (a reservation's QR; migration 0024). */
  valid_windows: Defaulted<string | null>;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An access rule (doc 1 §3); a prohibition denies, and wins. */
export interface AccessRulesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string | null;
  prohibition: Defaulted<Flag>;
  is_shareable: Defaulted<Flag>;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccessRuleDevicesTable {
  access_rule_id: number;
  device_id: number;
  lock_number: Defaulted<number>;
}
export interface AccessRuleTimeRulesTable {
  access_rule_id: number;
  time_rule_id: number;
}
export interface AccessRuleUsersTable {
  access_rule_id: number;
  user_id: number;
}
export interface AccessRuleIdentifiersTable {
  access_rule_id: number;
  identifier_id: number;
}
export interface AccessRuleDomainsTable {
  access_rule_id: number;
  domain_id: number;
}

/** An elevator access rule (doc 1 §3): users and the floors of elevators they may reach. */
export interface ElevatorAccessRulesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ElevatorAccessRuleUsersTable {
  rule_id: number;
  user_id: number;
}
export interface ElevatorAccessRuleFloorsTable {
  rule_id: number;
  elevator_id: number;
  floor: number;
}

/** A stored backup archive of a project (migration 0028); the file lives under DATA_DIR/backups. */
export interface BackupsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** JSON array of entity names (BACKUP_ENTITIES). */
  entities: string;
  /** made | safety | uploaded */
  origin: string;
  /** The archive's file name under DATA_DIR/backups/<project_id>/. */
  file: string;
  size: number;
  made_at: Timestamp;
  made_by_user_id: number | null;
  made_by_name: string | null;
  /** The last migration of the database it was made from. */
  schema_version: string;
  product_version: string;
  /** A safety backup: the backup whose restore made it. */
  restoring_backup_id: number | null;
  restoring_name: string | null;
  created_at: Timestamp;
}

/** An amenity (doc 1 §3; migration 0024): its time slots as JSON, persons and duration as columns. */
export interface AmenitiesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  address: string | null;
  description: string | null;
  persons_min: Defaulted<number>;
  persons_max: Defaulted<number>;
  slot_duration: Defaulted<number>;
  /** JSON list of { days, from, to }. */
  slot_items: Defaulted<string>;
  image_path: string | null;
  image_original_path: string | null;
  image_name: string | null;
  terms_path: string | null;
  terms_name: string | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface AmenityDomainsTable {
  amenity_id: number;
  domain_id: number;
}
export interface AmenityAccessRulesTable {
  amenity_id: number;
  access_rule_id: number;
}
/** A reservation (doc 1 §3, §4): its slots and the instants they span, its status and when time moves it next. */
export interface AmenityReservationsTable {
  id: Generated<number>;
  project_id: number;
  amenity_id: number;
  /** YYYY-MM-DD, local to `time_zone`. */
  date: string;
  user_id: number | null;
  identifier_id: number | null;
  number_of_persons: number;
  /** JSON list of { from, to } seconds of the local day. */
  slots: string;
  time_zone: string;
  user_offset: number | null;
  /** JSON list of { from, to } ISO instants (adjacent slots merged). */
  windows: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: string;
  next_status_at: Timestamp | null;
  canceled_at: Timestamp | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Places taken in one slot of an amenity's date: the counter bookings raise with a conditional UPDATE. */
export interface AmenitySlotPlacesTable {
  amenity_id: number;
  date: string;
  slot_from: number;
  slot_to: number;
  capacity: number;
  booked: Defaulted<number>;
}
export interface AmenityReservationLogsTable {
  id: Generated<number>;
  reservation_id: number;
  event: string;
  /** JSON object of the change's details. */
  info: Defaulted<string>;
  created_by_user_id: number | null;
  created_at: Timestamp;
}

export interface Database {
  amenities: AmenitiesTable;
  amenity_domains: AmenityDomainsTable;
  amenity_access_rules: AmenityAccessRulesTable;
  amenity_reservations: AmenityReservationsTable;
  amenity_slot_places: AmenitySlotPlacesTable;
  amenity_reservation_logs: AmenityReservationLogsTable;
  backups: BackupsTable;
  list_versions: ListVersionsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  conversations: ConversationsTable;
  conversation_participants: ConversationParticipantsTable;
  conversation_messages: ConversationMessagesTable;
  announces: AnnouncesTable;
  announce_users: AnnounceUsersTable;
  announce_domains: AnnounceDomainsTable;
  announce_recipients: AnnounceRecipientsTable;
  emergency_alerts: EmergencyAlertsTable;
  emergency_alert_domains: EmergencyAlertDomainsTable;
  emergency_alert_devices: EmergencyAlertDevicesTable;
  devices: DevicesTable;
  device_events: DeviceEventsTable;
  access_events: AccessEventsTable;
  device_alarms: DeviceAlarmsTable;
  device_alarm_log: DeviceAlarmLogTable;
  device_floors: DeviceFloorsTable;
  device_pool: DevicePoolTable;
  elevators: ElevatorsTable;
  elevator_devices: ElevatorDevicesTable;
  time_rules: TimeRulesTable;
  project_days: ProjectDaysTable;
  identifiers: IdentifiersTable;
  access_rules: AccessRulesTable;
  access_rule_devices: AccessRuleDevicesTable;
  access_rule_time_rules: AccessRuleTimeRulesTable;
  access_rule_users: AccessRuleUsersTable;
  licences: LicencesTable;
  licence_settings: LicenceSettingsTable;
  domain_licences: DomainLicencesTable;
  licence_notices: LicenceNoticesTable;
  access_rule_identifiers: AccessRuleIdentifiersTable;
  access_rule_domains: AccessRuleDomainsTable;
  elevator_access_rules: ElevatorAccessRulesTable;
  elevator_access_rule_users: ElevatorAccessRuleUsersTable;
  elevator_access_rule_floors: ElevatorAccessRuleFloorsTable;
  device_tasks: DeviceTasksTable;
  device_sync: DeviceSyncTable;
  device_sync_errors: DeviceSyncErrorsTable;
  forward_rule_sets: ForwardRuleSetsTable;
  forward_groups: ForwardGroupsTable;
  sip_numbers: SipNumbersTable;
  mobile_clients: MobileClientsTable;
  sip_number_forward_rule_sets: SipNumberForwardRuleSetsTable;
  sip_trunks: SipTrunksTable;
  sip_trunk_domains: SipTrunkDomainsTable;
  call_history: CallHistoryTable;
  interception_settings: InterceptionSettingsTable;
  ip_bans: IpBansTable;
  ip_whitelist: IpWhitelistTable;
  ip_block_failures: IpBlockFailuresTable;
  login_locks: LoginLocksTable;
  audit_events: AuditEventsTable;
  self_registrations: SelfRegistrationsTable;
  outbox: OutboxTable;
  project_settings: ProjectSettingsTable;
  installation_settings: InstallationSettingsTable;
  mail_templates: MailTemplatesTable;
  integrations: IntegrationsTable;
  one_time_codes: OneTimeCodesTable;
  markers: MarkersTable;
  user_markers: UserMarkersTable;
  projects: ProjectsTable;
  users: UsersTable;
  roles: RolesTable;
  role_available_roles: RoleAvailableRolesTable;
  memberships: MembershipsTable;
  domain_types: DomainTypesTable;
  domains: DomainsTable;
  user_domains: UserDomainsTable;
  refresh_tokens: RefreshTokensTable;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type DomainRow = Selectable<DomainsTable>;

/** A device task (migration 0016): the durable queue of what the server tells a device. */
export interface DeviceTasksTable {
  id: Generated<number>;
  project_id: number;
  device_id: number;
  kind: string;
  /** JSON object. */
  payload: Defaulted<string>;
  status: Defaulted<string>;
  attempts: Defaulted<number>;
  max_attempts: number;
  next_attempt_at: Timestamp | null;
  last_error_code: string | null;
  last_error_message: string | null;
  /** Sent as the request id; null: the task id. */
  request_id: string | null;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  batch_id: string;
  /** JSON array of { type, id, name }. */
  entities: Defaulted<string>;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
}

/** What a device was sent and took (migration 0016). */
export interface DeviceSyncTable {
  device_id: number;
  settings_version: Defaulted<number>;
  settings_hash: string | null;
  applied_version: Defaulted<number>;
  identifiers_version: Defaulted<number>;
  schedules_version: Defaulted<number>;
  converged_at: Timestamp | null;
}

/** An item of a list the device could not take, from its answer to the last sync of that list (migration 0016). */
export interface DeviceSyncErrorsTable {
  id: Generated<number>;
  device_id: number;
  list: string;
  item_id: string;
  code: string;
  task_id: number;
  at: Timestamp;
}

/** An installed licence (migration 0026): the signed file and what it says. */
export interface LicencesTable {
  id: Generated<number>;
  project_id: number;
  /** The issuer's licence id; unique in the installation. */
  licence_id: string;
  type: string;
  /** `file` or `server`. */
  source: string;
  customer: string | null;
  issued_at: Timestamp;
  /** JSON of the verified licence payload (server/domain/licences/licence-file.ts). */
  data: string;
  /** The signed file as received. */
  payload: string;
  installed_at: Timestamp;
  installed_by_user_id: number | null;
}

/** A project's licence notices and the features cache's validity (migration 0026). */
export interface LicenceSettingsTable {
  project_id: number;
  /** JSON of LicenceNotifications; null: the defaults of section 9. */
  notifications: string | null;
  /** When the project's derived features next change (a licence starts or its grace ends); null: never. */
  features_until: Timestamp | null;
  /** JSON of ProjectLicenceSummary (server/domain/licences/group-tree.ts): counts, period, type; null: none derived yet. */
  summary: string | null;
}

/** A group's own licence settings (migration 0026): JSON of GroupLicenceSettings. */
export interface DomainLicencesTable {
  domain_id: number;
  project_id: number;
  settings: string;
  updated_at: Timestamp;
}

/** The last notice of one licence end (migration 0026). */
export interface LicenceNoticesTable {
  id: Generated<number>;
  project_id: number;
  /** `project`, or `group:<id>`. */
  subject: string;
  /** Which end: the warning status and its instant. */
  episode: string;
  last_sent_at: Timestamp;
  sent_count: number;
}
