import type { TFunction } from 'i18next';
import type { Notification } from '../../contract/entities/notification';

/** A notification in words: what the card, the popup and the desktop notification say. */
export interface NotificationWords {
  title: string;
  body: string;
}

/** A payload value as text: names of named objects, lines joined, numbers as digits. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const lines = value.map(asText).filter((line): line is string => line !== null);
    return lines.length > 0 ? lines.join('\n') : null;
  }
  if (value && typeof value === 'object') {
    const named = value as { name?: unknown; login?: unknown };
    return asText(named.name) ?? asText(named.login);
  }
  return null;
}

/**
 * The values texts interpolate, from the payload fields of section 3, with a
 * word in the user's language where a producer left one out.
 */
export function textParams(t: TFunction, data: Record<string, unknown>): Record<string, string> {
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const text = asText(data[key]);
      if (text) return text;
    }
    return null;
  };
  return {
    author: pick('author', 'from', 'user') ?? t('notifications:fallback.someone'),
    name: pick('name') ?? t('notifications:fallback.announce'),
    status: pick('status') ?? t('notifications:fallback.status'),
    device: pick('device') ?? t('notifications:fallback.device'),
    user: pick('user', 'author') ?? t('notifications:fallback.user'),
    identifier: pick('identifier_number') ?? t('notifications:fallback.identifier'),
    group: pick('group') ?? '',
    output: pick('output') ?? '',
    days: pick('days') ?? '',
  };
}

/** Types whose text changes when the payload reports an error (`has_error`). */
const WITH_ERROR_TEXT = new Set(['sip_reboot_completed', 'broker_settings_sent']);

/** The title and body of a notification in the current language. */
export function notificationText(t: TFunction, notification: Notification): NotificationWords {
  const key =
    WITH_ERROR_TEXT.has(notification.type) && notification.data.has_error === true
      ? `${notification.type}_error`
      : notification.type;
  // A count of days that reached 0 reads "today" where the type has such a text (`title_today`).
  const params = { ...textParams(t, notification.data), ...(notification.data.days === 0 ? { context: 'today' } : {}) };
  return {
    title: t(`notifications:types.${key}.title`, params),
    body: t(`notifications:types.${key}.body`, params),
  };
}
