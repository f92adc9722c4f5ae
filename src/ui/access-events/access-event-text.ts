import type { TFunction } from 'i18next';
import type { AccessEvent } from '../../contract/entities/access-event';

/** A reason code in words (a newer device's own code reads as itself). */
export const reasonText = (t: TFunction, reason: string) =>
  t(`accessEvents:reasons.${reason}`, { defaultValue: reason });

/** The door: the device and its lock, or a lift reader's floor. */
export function doorText(t: TFunction, event: Pick<AccessEvent, 'device' | 'lock' | 'floor'>): string {
  if (event.floor !== null) return t('accessEvents:doorFloor', { device: event.device.name, floor: event.floor });
  if (event.lock !== null) return t('accessEvents:door', { device: event.device.name, lock: event.lock });
  return event.device.name;
}

/** Who presented it: the person, a guest (by the key's name), or nobody known. */
export function whoText(t: TFunction, event: Pick<AccessEvent, 'holder_type' | 'user' | 'identifier'>): string {
  if (event.holder_type === 'guest')
    return event.identifier.name
      ? t('accessEvents:guestNamed', { name: event.identifier.name })
      : t('accessEvents:holders.guest');
  if (event.user) return event.user.name;
  return t('accessEvents:holders.nobody');
}

/** A row as a screen reader names it: the door, who, and what happened. */
export const rowText = (t: TFunction, event: AccessEvent) =>
  [doorText(t, event), whoText(t, event), reasonText(t, event.reason)].join(', ');
