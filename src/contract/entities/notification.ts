import * as v from 'valibot';
import { NOTIFICATIONS } from '../constants';
import { PageParamSchema } from '../filters';

/**
 * Notifications (sections 3 and 4, 7.6): what the server stores per user, the
 * type catalogue every producer uses, and the calls' schemas.
 */

/** Significance of section 3: important ones pop up with sound. */
export const NOTIFICATION_SIGNIFICANCES = ['normal', 'important'] as const;
export type NotificationSignificance = (typeof NOTIFICATION_SIGNIFICANCES)[number];

/** Colours of the catalogue; the console maps them onto its palette. */
export const NOTIFICATION_COLOURS = ['blue', 'green', 'amber', 'red', 'gray'] as const;
export type NotificationColour = (typeof NOTIFICATION_COLOURS)[number];

/** Icons of the catalogue; the console draws them (src/ui/notifications). */
export const NOTIFICATION_ICONS = [
  'megaphone',
  'message',
  'poll',
  'server',
  'broker',
  'key',
  'keyOff',
  'siren',
  'sirenOff',
  'shieldCheck',
  'deviceOffline',
  'taskFailed',
  'licence',
] as const;
export type NotificationIcon = (typeof NOTIFICATION_ICONS)[number];

/** The one sound the project ships (public/sounds/important.wav). */
export const NOTIFICATION_SOUNDS = ['important'] as const;
export type NotificationSound = (typeof NOTIFICATION_SOUNDS)[number];

/** The only popup action code of section 3: open a console page. */
export const POPUP_ACTION_GOTO_PAGE = 'goto:page';

/**
 * What clicking a notification does. `page` is an in-app path, `query` its
 * search parameters. In the catalogue both may hold `:field` placeholders that
 * `resolvePopupAction` fills from the notification's data.
 */
export const PopupActionSchema = v.object({
  code: v.literal(POPUP_ACTION_GOTO_PAGE),
  params: v.object({ page: v.string(), query: v.record(v.string(), v.string()) }),
});
export type PopupAction = v.InferOutput<typeof PopupActionSchema>;

/** One entry of the type catalogue. */
export interface NotificationTypeSpec {
  significance: NotificationSignificance;
  icon: NotificationIcon;
  colour: NotificationColour;
  /** Sound played with the popup; null: silent. */
  sound: NotificationSound | null;
  popup_action: PopupAction | null;
  /** The tab of the /notifications page besides all/normal/important, if any. */
  category: 'acs' | 'alarm' | null;
  /** The subscription setting that must be on for the user to get it (section 3), if any. */
  setting: keyof NotificationSettingsFlags | null;
}

const goto = (page: string, query: Record<string, string> = {}): PopupAction => ({
  code: POPUP_ACTION_GOTO_PAGE,
  params: { page, query },
});

/**
 * Every notification type of section 4, plus the two the subscription fields of
 * section 3 ask for (device offline, device task failed). The code is what the
 * database, the API and the realtime message carry; texts are `notifications:types.<code>`.
 */
export const NOTIFICATION_TYPES = {
  announce_received: {
    significance: 'important',
    icon: 'megaphone',
    colour: 'blue',
    sound: 'important',
    popup_action: goto('/announce/:token'),
    category: null,
    setting: null,
  },
  conversation_received: {
    significance: 'normal',
    icon: 'message',
    colour: 'blue',
    sound: null,
    popup_action: goto('/conversation/:conversation_id'),
    category: null,
    setting: null,
  },
  announce_status_changed: {
    significance: 'normal',
    icon: 'poll',
    colour: 'gray',
    sound: null,
    popup_action: goto('/announces'),
    category: null,
    setting: null,
  },
  conversation_message_received: {
    significance: 'normal',
    icon: 'message',
    colour: 'blue',
    sound: null,
    popup_action: goto('/conversation/:conversation_id'),
    category: null,
    setting: null,
  },
  sip_reboot_started: {
    significance: 'normal',
    icon: 'server',
    colour: 'amber',
    sound: null,
    popup_action: goto('/system-info'),
    category: null,
    setting: null,
  },
  sip_reboot_completed: {
    significance: 'normal',
    icon: 'server',
    colour: 'green',
    sound: null,
    popup_action: goto('/system-info'),
    category: null,
    setting: null,
  },
  broker_settings_sent: {
    significance: 'normal',
    icon: 'broker',
    colour: 'green',
    sound: null,
    popup_action: goto('/general-settings'),
    category: null,
    setting: null,
  },
  identifier_used: {
    significance: 'normal',
    icon: 'key',
    colour: 'green',
    sound: null,
    popup_action: goto('/access-control/events'),
    category: 'acs',
    setting: 'acs',
  },
  revoked_identifier_used: {
    significance: 'important',
    icon: 'keyOff',
    colour: 'red',
    sound: 'important',
    popup_action: goto('/access-control/events'),
    category: 'acs',
    setting: 'acs',
  },
  device_alarm_enabled: {
    significance: 'important',
    icon: 'siren',
    colour: 'red',
    sound: 'important',
    popup_action: goto('/devices/alarms/:alarm_id/edit'),
    category: 'alarm',
    setting: null,
  },
  device_alarm_disabled: {
    significance: 'normal',
    icon: 'sirenOff',
    colour: 'gray',
    sound: null,
    popup_action: goto('/devices/alarms/:alarm_id/edit'),
    category: 'alarm',
    setting: null,
  },
  device_alarm_processed: {
    significance: 'normal',
    icon: 'shieldCheck',
    colour: 'green',
    sound: null,
    popup_action: goto('/devices/alarms/:alarm_id/edit'),
    category: 'alarm',
    setting: null,
  },
  device_offline: {
    significance: 'important',
    icon: 'deviceOffline',
    colour: 'amber',
    sound: 'important',
    popup_action: goto('/devices/:device_id/edit'),
    category: null,
    setting: 'notify_about_offline_device',
  },
  device_task_failed: {
    significance: 'normal',
    icon: 'taskFailed',
    colour: 'red',
    sound: null,
    popup_action: goto('/devices/tasks'),
    category: null,
    setting: 'notify_about_device_task_failed',
  },
  // Licence notices (section 3 `notifications`): to those who manage licences, by the notices' mode.
  licence_will_expire: {
    significance: 'important',
    icon: 'licence',
    colour: 'amber',
    sound: null,
    popup_action: goto('/licenses'),
    category: null,
    setting: null,
  },
  licence_expired: {
    significance: 'important',
    icon: 'licence',
    colour: 'red',
    sound: 'important',
    popup_action: goto('/licenses'),
    category: null,
    setting: null,
  },
  group_licence_will_expire: {
    significance: 'normal',
    icon: 'licence',
    colour: 'amber',
    sound: null,
    popup_action: goto('/groups'),
    category: null,
    setting: null,
  },
} as const satisfies Record<string, NotificationTypeSpec>;

export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_CODES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

/** Types of a /notifications tab that is a category rather than a significance. */
export const notificationTypesOf = (category: 'acs' | 'alarm'): NotificationType[] =>
  NOTIFICATION_TYPE_CODES.filter((code) => NOTIFICATION_TYPES[code].category === category);

/**
 * Fills `:field` placeholders of a catalogue action from the data. A
 * placeholder whose field is missing leaves no usable link: the action is null.
 */
export function resolvePopupAction(action: PopupAction | null, data: Record<string, unknown>): PopupAction | null {
  if (!action) return null;
  let missing = false;
  const fill = (text: string) =>
    text.replace(/:(\w+)/g, (_match, field: string) => {
      const value = data[field];
      if (typeof value === 'string' || typeof value === 'number') return encodeURIComponent(String(value));
      missing = true;
      return '';
    });
  const page = fill(action.params.page);
  const query = Object.fromEntries(Object.entries(action.params.query).map(([key, value]) => [key, fill(value)]));
  return missing ? null : { code: action.code, params: { page, query } };
}

/**
 * Payload of a notification (section 3). Producers put the fields their type
 * needs; texts interpolate them. Named objects (`user`, `device`, `group`) carry
 * at least a name. Unknown fields pass through.
 */
export const NotificationDataSchema = v.record(v.string(), v.unknown());
export type NotificationData = v.InferOutput<typeof NotificationDataSchema>;

/** A stored notification as the API and the realtime message carry it (section 3). */
export const NotificationSchema = v.object({
  id: v.number(),
  type: v.picklist(NOTIFICATION_TYPE_CODES),
  data: NotificationDataSchema,
  significance: v.picklist(NOTIFICATION_SIGNIFICANCES),
  icon: v.picklist(NOTIFICATION_ICONS),
  colour: v.picklist(NOTIFICATION_COLOURS),
  sound: v.nullable(v.picklist(NOTIFICATION_SOUNDS)),
  popup_action: v.nullable(PopupActionSchema),
  created_at: v.string(),
  updated_at: v.string(),
  read_at: v.nullable(v.string()),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

/** The realtime message on `private-users.{id}` when a notification is stored. */
export const NotificationCreatedEventSchema = v.object({
  type: v.literal('NotificationCreated'),
  notification: NotificationSchema,
});
export type NotificationCreatedEvent = v.InferOutput<typeof NotificationCreatedEventSchema>;

/** Tabs of the /notifications page (2.1) and the `type` query of GET /notifications/items. */
export const NOTIFICATION_TABS = ['all', 'normal', 'important', 'acs', 'alarm'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

const pageNumber = PageParamSchema;

/** GET /notifications/items query: page, size (default and max 20), type tab. */
export const NotificationItemsQuerySchema = v.object({
  page: v.optional(pageNumber, '1'),
  size: v.optional(v.pipe(pageNumber, v.maxValue(NOTIFICATIONS.pageSize)), String(NOTIFICATIONS.pageSize)),
  type: v.optional(v.picklist(NOTIFICATION_TABS), 'all'),
});
export type NotificationItemsQuery = v.InferOutput<typeof NotificationItemsQuerySchema>;

/**
 * GET /notifications/unread: how many are unread, how many of them are
 * important, and the newest unread important ones (the bell's last 3).
 */
export const NotificationUnreadSchema = v.object({
  count: v.number(),
  important_count: v.number(),
  important: v.array(NotificationSchema),
});
export type NotificationUnread = v.InferOutput<typeof NotificationUnreadSchema>;

const id = v.pipe(v.number(), v.integer(), v.minValue(1));

/** POST /notifications/read: one, several, or all of the caller's notifications. */
export const NotificationReadSchema = v.union([
  v.strictObject({ id }),
  v.strictObject({ ids: v.pipe(v.array(id), v.minLength(1), v.maxLength(500)) }),
  v.strictObject({ all: v.literal(true) }),
]);
export type NotificationRead = v.InferOutput<typeof NotificationReadSchema>;

/** What POST /notifications/read changed, and what is left unread. */
export const NotificationReadAnswerSchema = v.object({ marked: v.number(), unread: v.number() });

/** The switches of the subscription (section 3) plus `acs` (7.6). */
export const NotificationSettingsFlagsSchema = v.object({
  notify_about_offline_device: v.boolean(),
  notify_about_device_task_failed: v.boolean(),
  /** Access-control events: identifier used, revoked identifier used. */
  acs: v.boolean(),
});
export type NotificationSettingsFlags = v.InferOutput<typeof NotificationSettingsFlagsSchema>;

/** GET /notifications/settings: the caller's subscription in the current project. */
export const NotificationSettingsSchema = v.object({
  user: v.object({ id: v.number(), name: v.string(), email: v.nullable(v.string()) }),
  ...NotificationSettingsFlagsSchema.entries,
});
export type NotificationSettings = v.InferOutput<typeof NotificationSettingsSchema>;

/** POST /notifications/settings: any of the switches. */
export const NotificationSettingsPatchSchema = v.partial(NotificationSettingsFlagsSchema);
export type NotificationSettingsPatch = v.InferOutput<typeof NotificationSettingsPatchSchema>;

/** Switches of a user who never saved settings: everything on (producers choose recipients). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsFlags = {
  notify_about_offline_device: true,
  notify_about_device_task_failed: true,
  acs: true,
};
