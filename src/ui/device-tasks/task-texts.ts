import type { TFunction } from 'i18next';
import type { DeviceTaskKind, DeviceTaskStatus } from '../../contract/entities/device-task';
import type { BadgeTone } from '../kit/Badge';

/** i18next keys cannot hold dots: `settings.apply` reads as `kinds.settings_apply`. */
const keyOf = (code: string) => code.replace(/\./g, '_');

/** A task kind as people say it ("Apply settings"). */
export const kindText = (t: TFunction, kind: DeviceTaskKind) => t(`deviceTasks:kinds.${keyOf(kind)}`);

/** A status as people say it ("Waiting"). */
export const statusText = (t: TFunction, status: DeviceTaskStatus) => t(`deviceTasks:statuses.${status}`);

/** The tone each status shows with: done green, failed red, waiting amber, running blue. */
export const STATUS_TONES: Record<DeviceTaskStatus, BadgeTone> = {
  new: 'neutral',
  queued: 'neutral',
  started: 'info',
  waiting: 'warning',
  completed: 'success',
  error: 'danger',
  stopped: 'warning',
};

/**
 * A task's error as people read it: a known device or link code in words, else the code
 * with the device's own message (device codes are open-ended, docs/device-protocol.md).
 */
export function taskErrorText(t: TFunction, error: { code: string; message?: string | null }): string {
  const raw = error.message ? `${error.code}: ${error.message}` : error.code;
  return t(`deviceTasks:taskErrors.${keyOf(error.code)}`, { defaultValue: raw });
}
