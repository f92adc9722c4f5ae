import * as v from 'valibot';
import { LICENCE_NOTICE, UNLIMITED_LICENCE_PERIOD } from '../constants';
import { defineEntity } from '../entity';
import { MAX_ID } from '../ids';
import { LicensedFeaturesSchema } from './server-settings';

/**
 * Licences (doc 1 §3, §4; doc 2 6.2, 7.8, 8.1, 8.2). A licence is a signed file (ours:
 * docs/decisions.md, Licences) bound to this installation; its features, counts and period
 * decide what the project may use. Periods are Unix seconds, as the spec's unlimited period
 * (0 to 999999999999) is written.
 */

/** How often licence notices repeat (section 3 `notifications.mode`). */
export const LICENCE_NOTICE_MODES = ['once', 'everyday', 'every_week', 'every_30_days', 'never'] as const;
/** Days between two notices of one mode (`once` and `never` do not repeat). */
export const LICENCE_NOTICE_REPEAT_DAYS = {
  once: null,
  everyday: 1,
  every_week: 7,
  every_30_days: 30,
  never: null,
} as const;
/**
 * Licence bounds the specification leaves open (docs/decisions.md, Licences): the largest count,
 * how many days before an end a notice may start, a licence file's size and its entries, how long
 * the licence server may take, and how often the server looks at licence states.
 */
export const LICENCE_LIMITS = {
  countMax: 1_000_000,
  notifyBeforeMax: 365,
  fileMaxBytes: 64 * 1024,
  licencesPerFile: 20,
  serverTimeoutMs: 10_000,
  watchIntervalMs: 60_000,
} as const;
/** Licence types of section 3; a file naming another type is kept as `unknown`. */
export const LICENCE_TYPES = ['basic', 'basic_paid', 'plus', 'unknown'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

/** Licence states of section 4. */
export const LICENCE_STATES = ['active', 'ending', 'disabled', 'expired', 'pending'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

/** Licence warning status of section 4. */
export const LICENCE_WARNING_STATUSES = ['normal', 'no_license', 'will_expire', 'already_expired'] as const;
export type LicenceWarningStatus = (typeof LICENCE_WARNING_STATUSES)[number];

/** Where an installed licence came from. */
export const LICENCE_SOURCES = ['file', 'server'] as const;

/** Features with a count (section 3 `license_count`): virtual numbers, mobile apps, UKEY2. */
export const COUNTED_FEATURES = ['sip', 'mobile_app', 'ukey2'] as const;
export type CountedFeature = (typeof COUNTED_FEATURES)[number];

export type LicenceNoticeMode = (typeof LICENCE_NOTICE_MODES)[number];

const seconds = v.pipe(v.number(), v.integer(), v.minValue(UNLIMITED_LICENCE_PERIOD.from));
const periodEnd = v.pipe(seconds, v.maxValue(UNLIMITED_LICENCE_PERIOD.to));
/** A count of a licence or a group; null: no limit of its own. */
const count = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LICENCE_LIMITS.countMax)));

/** `restrict_period` of a licence entry (section 3); inactive means unlimited (0 to 999999999999). */
export const RestrictPeriodSchema = v.object({ is_active: v.boolean(), from: periodEnd, to: periodEnd });
export type RestrictPeriod = v.InferOutput<typeof RestrictPeriodSchema>;

/** The feature flags of one licence entry (section 3), as the file carries them and the item answers them. */
export const LicenceFeatureFlagsSchema = v.object({
  sip: v.object({
    is_enabled: v.boolean(),
    is_sip_trunks_enabled: v.boolean(),
    is_web_dialer_enabled: v.boolean(),
    license_count: count,
  }),
  mobile_app: v.object({
    is_enabled: v.boolean(),
    is_white_label_enabled: v.boolean(),
    is_domain_forward_rule_enabled: v.boolean(),
    is_remote_open_enabled: v.boolean(),
    is_siri_enabled: v.boolean(),
    is_apple_watch_enabled: v.boolean(),
    is_family_events_enabled: v.boolean(),
    license_count: count,
  }),
  ukey2: v.object({ is_enabled: v.boolean(), license_count: count }),
  elevator: v.boolean(),
  amenity: v.boolean(),
  license_plate: v.boolean(),
  /** Face identifiers; `is_enabled` is ours (section 3 names only the guests' flag). */
  face_id: v.object({ is_enabled: v.boolean(), is_enabled_for_guests: v.boolean() }),
  identifier: v.object({ is_guest_enabled: v.boolean() }),
});
export type LicenceFeatureFlags = v.InferOutput<typeof LicenceFeatureFlagsSchema>;

const ref = v.object({ id: v.number(), name: v.string() });

/** One installed licence (GET /licenses/items, GET /licenses/{id}). */
export const LicenceSchema = v.object({
  id: v.number(),
  /** The issuer's id of the licence: one installation holds it once. */
  licence_id: v.string(),
  type: v.picklist(LICENCE_TYPES),
  state: v.picklist(LICENCE_STATES),
  source: v.picklist(LICENCE_SOURCES),
  /** Whom the issuer made it for (shown, not checked). */
  customer: v.nullable(v.string()),
  issued_at: v.string(),
  is_active: v.boolean(),
  is_device_license: v.boolean(),
  /** The serial number of the device a device licence is for. */
  device: v.nullable(v.string()),
  restrict_period: RestrictPeriodSchema,
  /** Days after the period's end during which the features still work (state `expired`). */
  grace_days: v.number(),
  /** ISO instant its features stop (end of the grace days); null: never. */
  features_until: v.nullable(v.string()),
  ...LicenceFeatureFlagsSchema.entries,
  installed_at: v.string(),
  installed_by: v.nullable(ref),
});
export type Licence = v.InferOutput<typeof LicenceSchema>;

export const licencesEntity = defineEntity({
  name: 'licences',
  path: '/licenses',
  access: { view: ['licences.view', 'licences.manage'], delete: ['licences.manage'] },
  item: LicenceSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true },
    licence_id: { kind: 'text', sortable: true, filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    source: { kind: 'enum', sortable: true, filterable: true },
    customer: { kind: 'text', sortable: true, filterable: true },
    issued_at: { kind: 'date', sortable: true, filterable: true },
    installed_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['licence_id', 'customer'],
  with: [],
  defaultSort: ['-installed_at'],
});

/** What adding would do, shown before it is done: each licence of the file (or server) and what it replaces. */
export const LicencePreviewItemSchema = v.object({
  licence: v.omit(LicenceSchema, ['id', 'installed_at', 'installed_by']),
  /** The installed licence a newer issue of the same licence replaces. */
  replaces: v.nullable(v.number()),
});
export type LicencePreviewItem = v.InferOutput<typeof LicencePreviewItemSchema>;

/** Project totals of the counted features: null licensed = no limit (or not licensed at all, see `features`). */
export const LicenceCountsSchema = v.object({
  sip: v.object({ licensed: v.nullable(v.number()), used: v.number() }),
  mobile_app: v.object({ licensed: v.nullable(v.number()), used: v.number() }),
  ukey2: v.object({ licensed: v.nullable(v.number()), used: v.number() }),
});
export type LicenceCounts = v.InferOutput<typeof LicenceCountsSchema>;

export const LicencePreviewSchema = v.object({
  licences: v.array(LicencePreviewItemSchema),
  features: v.object({ before: LicensedFeaturesSchema, after: LicensedFeaturesSchema }),
  counts: v.object({ before: LicenceCountsSchema, after: LicenceCountsSchema }),
});
export type LicencePreview = v.InferOutput<typeof LicencePreviewSchema>;

/** The answer of an add: the licences now installed from it. */
export const LicencesAddedSchema = v.object({ ids: v.array(v.number()) });

/** The licence warning of section 4: will_expire and already_expired say in how many days (0: today). */
export const LicenceWarningSchema = v.object({
  status: v.picklist(LICENCE_WARNING_STATUSES),
  /** will_expire: days until the licence ends; already_expired: days until its features are disabled. */
  days: v.nullable(v.number()),
  /** The instant the days count to (ISO). */
  at: v.nullable(v.string()),
});
export type LicenceWarning = v.InferOutput<typeof LicenceWarningSchema>;

/** GET /licenses/features/state: what the project's licences give now. */
export const LicenceFeatureStateSchema = v.object({
  features: LicensedFeaturesSchema,
  counts: LicenceCountsSchema,
  warning: LicenceWarningSchema,
  /** Whether a licence server is configured (LICENCE_SERVER_URL): "add from a licence server" is offered. */
  licence_server: v.boolean(),
  /** This installation's id: licences are issued for it. */
  instance_id: v.string(),
});
export type LicenceFeatureState = v.InferOutput<typeof LicenceFeatureStateSchema>;

/** Notices of a licence's end (section 3 `notifications`: isActive, mode, notifyBefore; 9: 14 days, everyday). */
export const LicenceNotificationsSchema = v.object({
  isActive: v.boolean(),
  mode: v.picklist(LICENCE_NOTICE_MODES),
  notifyBefore: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LICENCE_LIMITS.notifyBeforeMax)),
});
export type LicenceNotifications = v.InferOutput<typeof LicenceNotificationsSchema>;
export const DEFAULT_LICENCE_NOTIFICATIONS: LicenceNotifications = {
  isActive: true,
  mode: LICENCE_NOTICE.mode,
  notifyBefore: LICENCE_NOTICE.notifyBeforeDays,
};

/** GET and PATCH /licenses/settings: the project's licence notices. */
export const LicenceSettingsSchema = v.object({ notifications: LicenceNotificationsSchema });
export type LicenceSettings = v.InferOutput<typeof LicenceSettingsSchema>;

/** POST /licenses/cloud and its check: the key the licence server knows the project by. */
export const LICENCE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{3,127}$/;
export const LicenceServerRequestSchema = v.object({
  key: v.pipe(v.string(), v.trim(), v.maxLength(128), v.regex(LICENCE_KEY_PATTERN, 'invalid')),
});

// ---------------------------------------------------------------------------------------------
// Groups: counts, periods and licence info (section 3), their consistency errors (8.1).
// ---------------------------------------------------------------------------------------------

const groupCount = v.object({ is_enabled: v.boolean(), license_count: count });

/** What a group's own licence settings say (PATCH /domains/{id}/license sends them). */
export const GroupLicenceSettingsSchema = v.object({
  sip: groupCount,
  mobileApp: groupCount,
  ukey2: groupCount,
  elevator: v.boolean(),
  amenity: v.boolean(),
  licensePlate: v.boolean(),
  identifier: v.object({ guest: v.boolean() }),
  restrictPeriod: RestrictPeriodSchema,
  notifications: LicenceNotificationsSchema,
});
export type GroupLicenceSettings = v.InferOutput<typeof GroupLicenceSettingsSchema>;

/** A counted feature of a group as read: its own count, the most it may have, what it uses. */
const groupCountRead = v.object({
  is_enabled: v.boolean(),
  license_count: count,
  /** The most its subtree may hold: the least of its own, its ancestors' and the project's counts; null: no limit. */
  available: v.nullable(v.number()),
  /** Held in the group and below it. */
  used: v.number(),
});

/**
 * A group's `licenseInfo` (section 3). `own` false: the group has no settings of its own and
 * these are what it inherits (its nearest ancestor's with settings, else the project's).
 */
export const GroupLicenseInfoSchema = v.object({
  own: v.boolean(),
  sip: groupCountRead,
  mobileApp: groupCountRead,
  ukey2: groupCountRead,
  elevator: v.boolean(),
  amenity: v.boolean(),
  licensePlate: v.boolean(),
  identifier: v.object({ guest: v.boolean() }),
  restrictPeriod: RestrictPeriodSchema,
  notifications: LicenceNotificationsSchema,
});
export type GroupLicenseInfo = v.InferOutput<typeof GroupLicenseInfoSchema>;

/** PATCH /domains/{id}/license: the group's own settings, or null to inherit again. */
export const GroupLicencePatchSchema = v.object({ licenseInfo: v.nullable(GroupLicenceSettingsSchema) });

/**
 * The types of a licence consistency error (8.1: "type missing, quantity exceeded, period
 * missing, with or without period limit or project"): the project variants have a
 * `license_type`, the period-limited ones a `period`.
 */
export const LICENCE_CONSISTENCY_TYPES = ['type_missing', 'quantity_exceeded', 'period_missing'] as const;
/** Features a consistency error names (the counted ones and the flags). */
export const LICENCE_CONSISTENCY_FEATURES = [
  'sip',
  'mobileApp',
  'ukey2',
  'elevator',
  'amenity',
  'licensePlate',
  'identifier',
  'restrictPeriod',
] as const;

/** A licence consistency error (section 3): one rule a group's licence breaks against its parent or a child. */
export const LicenceConsistencyErrorSchema = v.object({
  type: v.picklist(LICENCE_CONSISTENCY_TYPES),
  feature: v.picklist(LICENCE_CONSISTENCY_FEATURES),
  /** The project's licence type when the other side is the project; null for a group. */
  license_type: v.nullable(v.picklist(LICENCE_TYPES)),
  relation: v.picklist(['parent', 'child']),
  /** The other side's group (null: the project). */
  group: v.nullable(ref),
  period: v.nullable(v.object({ from: v.number(), to: v.number() })),
  qty: v.nullable(v.object({ target: v.number(), available: v.number() })),
});
export type LicenceConsistencyError = v.InferOutput<typeof LicenceConsistencyErrorSchema>;

// ---------------------------------------------------------------------------------------------
// Reports (2.5: licences used and licences period; 7.8: 5-minute timeout).
// ---------------------------------------------------------------------------------------------

const idParam = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), v.maxValue(MAX_ID));
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;

/** GET /reports/licenses/used: `group_id` shows that group and its children (default: the caller's top groups). */
export const LicencesUsedQuerySchema = v.object({ group_id: v.optional(idParam) });
export const LicencesUsedExportQuerySchema = v.object({
  ...LicencesUsedQuerySchema.entries,
  format: v.optional(v.picklist(REPORT_FORMATS), 'xlsx'),
});

const usage = v.object({ available: v.nullable(v.number()), used: v.number() });
export const LicencesUsedRowSchema = v.object({
  group: v.object({ id: v.number(), name: v.string(), parent_id: v.nullable(v.number()) }),
  /** Whether the group has children the caller may open. */
  has_children: v.boolean(),
  own: v.boolean(),
  sip: usage,
  mobile_app: usage,
  ukey2: usage,
  restrict_period: RestrictPeriodSchema,
});
export type LicencesUsedRow = v.InferOutput<typeof LicencesUsedRowSchema>;

export const LicencesUsedReportSchema = v.object({
  generated_at: v.string(),
  project: LicenceCountsSchema,
  /** The group shown (null: the caller's top groups) and the path to it, for the breadcrumb. */
  group: v.nullable(v.object({ id: v.number(), name: v.string() })),
  path: v.array(ref),
  rows: v.array(LicencesUsedRowSchema),
});
export type LicencesUsedReport = v.InferOutput<typeof LicencesUsedReportSchema>;

const isoDay = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.isoDate());
/** GET /reports/licenses/period: the months from `from` to `to` (default: 6 months back to 12 ahead). */
export const LicencesPeriodQuerySchema = v.object({ from: v.optional(isoDay), to: v.optional(isoDay) });
export const LicencesPeriodExportQuerySchema = v.object({
  ...LicencesPeriodQuerySchema.entries,
  format: v.optional(v.picklist(REPORT_FORMATS), 'xlsx'),
});

export const LicencesPeriodReportSchema = v.object({
  generated_at: v.string(),
  from: v.string(),
  to: v.string(),
  licences: v.array(
    v.object({
      id: v.number(),
      licence_id: v.string(),
      type: v.picklist(LICENCE_TYPES),
      state: v.picklist(LICENCE_STATES),
      customer: v.nullable(v.string()),
      restrict_period: RestrictPeriodSchema,
      features_until: v.nullable(v.string()),
      sip: v.nullable(v.number()),
      mobile_app: v.nullable(v.number()),
      ukey2: v.nullable(v.number()),
    }),
  ),
  groups: v.array(v.object({ id: v.number(), name: v.string(), restrict_period: RestrictPeriodSchema })),
  /** Licensed counts at the start of each month of the range (null: no limit; 0 also when not licensed). */
  series: v.array(
    v.object({
      at: v.string(),
      sip: v.nullable(v.number()),
      mobile_app: v.nullable(v.number()),
      ukey2: v.nullable(v.number()),
    }),
  ),
});
export type LicencesPeriodReport = v.InferOutput<typeof LicencesPeriodReportSchema>;
