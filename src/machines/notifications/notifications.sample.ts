import type { Notification, NotificationType } from '../../contract/entities/notification';
import { NOTIFICATION_TYPES, resolvePopupAction } from '../../contract/entities/notification';

/**
 * A notification as the server would store it (catalogue fields from the
 * type), for fixtures, stories and tests.
 */
export function sampleNotification(
  id: number,
  type: NotificationType,
  data: Record<string, unknown> = {},
  options: { read?: boolean; minutesAgo?: number } = {},
): Notification {
  const spec = NOTIFICATION_TYPES[type];
  const at = new Date(Date.UTC(2025, 4, 12, 9, 30) - (options.minutesAgo ?? id) * 60_000).toISOString();
  return {
    id,
    type,
    data,
    significance: spec.significance,
    icon: spec.icon,
    colour: spec.colour,
    sound: spec.sound,
    popup_action: resolvePopupAction(spec.popup_action, data),
    created_at: at,
    updated_at: at,
    read_at: options.read ? at : null,
  };
}

/** A resident's recent notifications: two important unread, the rest normal. */
export const sampleNotifications = {
  announce: sampleNotification(
    41,
    'announce_received',
    { token: 'abc', author: 'Alex Admin', name: 'Water off on Friday' },
    { minutesAgo: 2 },
  ),
  alarm: sampleNotification(
    40,
    'device_alarm_enabled',
    { alarm_id: 7, device: { id: 3, name: 'Gate panel' }, sensors: [{ sensor: 'door', id: 1 }] },
    { minutesAgo: 5 },
  ),
  message: sampleNotification(
    39,
    'conversation_message_received',
    { conversation_id: 12, author: 'Concierge' },
    { minutesAgo: 20 },
  ),
  identifier: sampleNotification(
    38,
    'identifier_used',
    { identifier_number: '00A1F3', identifier_type: 'card', device: { id: 3, name: 'Gate panel' } },
    { minutesAgo: 60, read: true },
  ),
  reboot: sampleNotification(
    37,
    'sip_reboot_completed',
    { output: ['SIP service restarted'], has_error: false },
    { minutesAgo: 180, read: true },
  ),
  revoked: sampleNotification(
    36,
    'revoked_identifier_used',
    { identifier_number: '00B2C4', identifier_type: 'card', device: { id: 4, name: 'Garage' } },
    { minutesAgo: 300 },
  ),
};
