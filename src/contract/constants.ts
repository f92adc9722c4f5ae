/**
 * Business constants and limits of section 9, in one place.
 * Console and server both import from here; no literal elsewhere.
 */

/** HTTP timeouts in milliseconds (7.1, 9). */
/** API base path of every call (7.1). */
export const API_BASE = '/api/v0';

export const TIMEOUTS = {
  default: 30_000,
  login: 3_000,
  importExportBackup: 3_600_000,
  report: 300_000,
  remoteControl: 60_000,
  chunkLoad: 120_000,
} as const;

export const ALERT_TIMEOUT_MS = 3_000;
/** Not in section 9: how long the console waits for POST /logout before giving up (it logs out locally anyway). */
export const LOGOUT_CALL_TIMEOUT_MS = 3_000;
export const CONSISTENCY_ERROR_TIMEOUT_MS = 30_000;
export const WEBSOCKET_RECONNECT_MS = 4_000;
export const NOTIFICATION_FETCH_DEBOUNCE_MS = 1_000;
export const NOTIFICATION_MARK_READ_DELAY_MS = 1_000;
/** Not in section 9: how long list and picker name search waits for typing to pause. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;
/** Not in section 9: how long the schedule editor waits for edits to pause before previewing, and how many occurrences it shows. */
export const SCHEDULE_PREVIEW = { debounceMs: 400, count: 6 } as const;
/** Section 5 says group search needs a minimum text length, not which: the groups tree searches from 2 characters. */
export const GROUP_SEARCH_MIN_LENGTH = 2;
export const SIP_RETRY_AFTER_ERROR_MS = 5_000;
export const SIP_RETRY_AFTER_INVALID_REGISTRATION_MS = 30_000;
export const ENDED_CALL_REMOVAL_MS = 5_000;
export const CALL_DURATION_TICK_MS = 1_000;
/**
 * Not in section 9: how often a console following device tasks (the init dialog) reads them again
 * when no DeviceTasksChanged came (the realtime line is down, or the user may not listen to devices).
 */
export const DEVICE_TASKS_POLL_MS = 5_000;
export const SECURE_WEBSOCKET_PORT = 8443;
export const DTMF = { inCallMs: 160, genericMs: 1_000, gapMs: 1_200, iceCheckingTimeoutMs: 200 } as const;
export const DIALER_HISTORY_PAGE = { page: 1, size: 50 } as const;
export const NOTIFICATIONS = {
  pageSize: 20,
  headerLast: 5,
  headerImportantUnread: 3,
  cardMinWidth: 300,
  cardMaxWidth: 450,
} as const;
export const UNLIMITED_LICENCE_PERIOD = { from: 0, to: 999_999_999_999 } as const;
export const LICENCE_NOTICE = { notifyBeforeDays: 14, mode: 'everyday' } as const;
export const SECONDS_IN_DAY = 86_400;
export const NAME_LENGTH = { min: 1, max: 31 } as const;
/** Time rule defaults (9: from 32400 to 64800 s; 3: repeat never, custom mode daily). */
export const TIME_RULE_DEFAULTS = {
  from: 32_400,
  to: 64_800,
  repeatMode: 'never',
  repeatDurationMode: 'forever',
  repeatCustomMode: 'daily',
  dayType: 'day',
  dayIteration: 1,
} as const;
/** Bounds of a time rule's counts (decided: a count beyond these is a mistake, not a schedule). */
export const TIME_RULE_LIMITS = { repeatCountMax: 10_000, dayIterationMax: 366, occurrencesMax: 50 } as const;
export const DEVICE_SIP_PASSWORD_LENGTH = { min: 6, max: 31 } as const;
export const PROFILE_TIME_ZONE_DEFAULT = 2;
export const DATE_FORMATS = ['DD-MM-YYYY', 'MM-DD-YYYY', 'YYYY-MM-DD'] as const;
export const TIME_FORMAT_SUFFIX = 'HH:NN:SS';
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const BLOCK_CAUSES = ['UNKNOWN', 'AUTH_FAILED', 'WRONG_NUMBER'] as const;
export const DIALOG_WIDTHS = { default: 600, wide: 900, small: 300 } as const;
export const SIDE_DRAWER_WIDTH = 250;
export const MAIL_MODES = ['none', 'smtp'] as const;
export const MATCH_MODES = ['match_any', 'match_all'] as const;

/** Keys the console keeps in browser storage (9). */
export const STORED_KEYS = {
  rememberUser: 'rememberUser',
  userLocale: 'userLocale',
  sideMenuState: 'sideMenuState',
  /** Tokens live in sessionStorage or localStorage depending on rememberUser. */
  tokens: 'tokens',
  /** Not in section 9: the user answered "not now" to desktop notifications; we ask once. */
  desktopNotificationsDeclined: 'desktopNotificationsDeclined',
} as const;

export const FLOATING_ACTION = { idMin: 1, idMax: 999_999, dialerOrder: -100 } as const;

/** Text shown when an error has no catalogue entry (8.1). */
export const DEFAULT_ERROR_CODE = 'default';

/**
 * Virtual SIP numbers (issue 5). How many a project, a group and a user may hold
 * (8.2 "SIP number limits"); a project's settings may lower or raise them
 * (`projects.settings.sip_number_limits`, docs/decisions.md).
 */
export const SIP_NUMBER_LIMITS = { project: 1_000, group: 100, user: 5 } as const;
/** A number is the SIP user part: digits only, 3 to 16 of them. */
export const SIP_NUMBER_LENGTH = { min: 3, max: 16 } as const;
/** Generated numbers continue after the highest number in use, starting here. */
export const SIP_NUMBER_FIRST_GENERATED = 100_000;
/** Virtual number passwords: digits plus lower and upper case Latin letters (5), 6 to 31 characters (9). */
export const SIP_PASSWORD_LENGTH = DEVICE_SIP_PASSWORD_LENGTH;
/** Length of a generated virtual number password. */
export const SIP_PASSWORD_GENERATED_LENGTH = 12;
/** Forward defaults (9): a rule set rings its numbers for 60 s; an error redirect waits 10 s. */
export const FORWARD_DEFAULTS = { ruleSetTimeout: 60, noAnswerTimeout: 60, errorTimeout: 10 } as const;
/** Forward timeouts in seconds, inclusive. */
export const FORWARD_TIMEOUT_RANGE = { min: 0, max: 600 } as const;
/** Device types of section 3 (device `type`; emergency alerts target one of them). */
export const DEVICE_TYPES = ['panel', 'monitor', 'accesscontroller', 'liftcontroller', 'ip_camera', 'barrier'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
/** Section 3: how the server talks to a device (mqtt by default); `none` is a device it does not manage (8.2). */
export const DEVICE_PROTOCOLS = ['mqtt', 'http', 'none'] as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];
/** Section 9 "Device defaults". */
export const DEVICE_DEFAULTS = {
  type: 'panel',
  model: 'AA12',
  port: 80,
  protocol: 'mqtt',
  buttonNumbers: 4,
  talkTimeout: 120,
  transport: 'UDP',
  reregisterInterval: 600,
  relayOpenTime: 10,
} as const;
/** Section 9 "Lift device modes". */
export const LIFT_DEVICE_MODES = ['call-down', 'call-up-down', 'call-up'] as const;

/** Section 9 "Announcement defaults": type info, send_via email (status new, section 3). */
export const ANNOUNCE_DEFAULTS = { type: 'info', send_via: 'email', status: 'new' } as const;
/** Section 3 and 9: an emergency alert plays on monitors for 60 seconds unless told otherwise. */
export const EMERGENCY_ALERT_DEFAULTS = { device_type: 'monitor', playback_duration: 60 } as const;

/**
 * Communications limits the specification leaves open (docs/decisions.md, Communications):
 * messages per page of a conversation (older pages by before_date), text lengths, poll
 * size, the announce scheduler's period, emergency audio uploads and playback range.
 */
export const COMMUNICATIONS = {
  messagesPage: 20,
  messageMaxLength: 2_000,
  subjectMaxLength: 255,
  announceBodyMaxLength: 10_000,
  pollMaxQuestions: 20,
  pollQuestionMaxLength: 255,
  customAnswerMaxLength: 1_000,
  schedulerIntervalMs: 15_000,
  audioMaxBytes: 5 * 1024 * 1024,
  playbackDurationMax: 3_600,
} as const;

/** Softphone (7.11): the public STUN server used for ICE. */
export const SIP_STUN_SERVERS = ['stun:stun.l.google.com:19302'] as const;
/** Not in section 9: the remote audio volume a new call starts with (0 to 1). */
export const CALL_DEFAULT_VOLUME = 1;

/**
 * Not in section 9: where the QR app-store dialog (2.5) sends phones for the mobile companion
 * app, unless the server is configured with the app's own pages (MOBILE_APP_STORE_URL,
 * MOBILE_PLAY_STORE_URL): the stores' searches for the product's name.
 */
export const MOBILE_APP_LINKS = {
  app_store_url: 'https://apps.apple.com/search?term=Gatehouse',
  play_store_url: 'https://play.google.com/store/search?q=Gatehouse&c=apps',
} as const;

/** 7.4: a lift call's direction (up or down). */
export const LIFT_CALL_DIRECTIONS = ['up', 'down'] as const;
export type LiftCallDirection = (typeof LIFT_CALL_DIRECTIONS)[number];
/** How long the server waits for a lift controller to answer a call (decided, docs/decisions.md "Elevators"). */
export const LIFT_CALL_TIMEOUT_MS = 5_000;

/** Identifiers (9): value formats, the default type of an identifier and of a guest key. */
export const IDENTIFIER_DEFAULTS = { type: 'card', guestType: 'qr', format: 'dec' } as const;

/**
 * Guest access (decided, docs/decisions.md "Guest access"): the public calls of one key share a
 * budget of `calls` per `windowSeconds` (beyond it 429 with Retry-After); the door's answer to a
 * guest's `relay.open` is awaited `openTimeoutMs`; a new key's guest type is `guest` (§3).
 */
export const GUEST_ACCESS = {
  rateLimit: { calls: 30, windowSeconds: 60 },
  openTimeoutMs: 8_000,
  guestType: 'guest',
} as const;
/**
 * Section 9 "Amenity defaults": an amenity takes 1 to 500 persons per slot and its time slots
 * are cut into bookable pieces of 3600 s, unless its settings say otherwise.
 */
export const AMENITY_DEFAULTS = { persons: { min: 1, max: 500 }, slotDuration: 3_600 } as const;
/**
 * Bounds of an amenity the specification leaves open (docs/decisions.md, Amenities): a slot
 * piece lasts 5 minutes to a day in whole minutes, a slot's places go up to 10 000, an amenity
 * has up to 50 slot items, a reservation up to 96 slots, and bookings reach a year ahead.
 */
export const AMENITY_LIMITS = {
  durationMin: 300,
  durationMax: SECONDS_IN_DAY,
  durationStep: 60,
  personsMax: 10_000,
  slotItemsMax: 50,
  reservationSlotsMax: 96,
  bookingDaysAhead: 366,
  imageMaxBytes: 5 * 1024 * 1024,
  termsMaxBytes: 10 * 1024 * 1024,
  /** How often the reservation status scheduler looks for due changes when none is nearer. */
  schedulerIntervalMs: 15_000,
} as const;
/** Week days of an amenity's time slots (section 3 "days mon..sun"), in week order. */
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
/**
 * Integrations with a video platform (docs/decisions.md, Integrations): a request to the
 * platform's web server gives up after `requestTimeoutMs` (the answer is then "integration
 * server unavailable"); the uploaded certificate file is at most `certificateMaxBytes`;
 * macro runs wait in a queue of at most `queueMax` (older ones dropped first), `concurrency`
 * at a time; pickers page through at most `listMax` macros or cameras of one platform.
 */
export const INTEGRATION_LIMITS = {
  requestTimeoutMs: 5_000,
  certificateMaxBytes: 64 * 1024,
  queueMax: 1_000,
  concurrency: 4,
  listMax: 5_000,
} as const;
export const INTEGRATION_CERTIFICATE_MAX_BYTES = INTEGRATION_LIMITS.certificateMaxBytes;
