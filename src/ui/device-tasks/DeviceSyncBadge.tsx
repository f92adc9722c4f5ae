import { useTranslation } from 'react-i18next';
import type { DeviceSyncState } from '../../contract/entities/device-task';
import { Badge } from '../kit/Badge';
import { formatDateTime } from '../kit/format-date';

/** Props of {@link DeviceSyncBadge}. */
export interface DeviceSyncBadgeProps {
  /** The device's `sync` (list row or item); absent where the server did not compute it: nothing shows. */
  sync: DeviceSyncState | null | undefined;
}

/**
 * Whether a device holds what the server wants, for the devices list: failed tasks (red),
 * pending tasks (blue), settings that differ from what it reported (amber), else in sync
 * (green, with when it converged on hover) or never synced.
 */
export function DeviceSyncBadge({ sync }: DeviceSyncBadgeProps) {
  const { t, i18n } = useTranslation('deviceTasks');
  if (!sync) return null;
  const parts = [
    sync.failed_tasks > 0 ? { tone: 'danger' as const, text: t('sync.failed', { count: sync.failed_tasks }) } : null,
    sync.pending_tasks > 0 ? { tone: 'info' as const, text: t('sync.pending', { count: sync.pending_tasks }) } : null,
    // A device never synced differs from its stored settings by definition: "never synced" says it better.
    sync.settings_differ && sync.converged_at ? { tone: 'warning' as const, text: t('sync.differ') } : null,
  ].filter((p) => p !== null);
  const converged = sync.converged_at
    ? t('sync.convergedAt', { when: formatDateTime(sync.converged_at, i18n.language) })
    : null;
  const shown = parts.length
    ? parts
    : [
        sync.converged_at
          ? { tone: 'success' as const, text: t('sync.inSync') }
          : { tone: 'neutral' as const, text: t('sync.never') },
      ];
  return (
    <span className="inline-flex flex-wrap items-center gap-1" title={converged ?? undefined}>
      <span className="sr-only">{t('sync.label')}:</span>
      {shown.map((p) => (
        <Badge key={p.text} tone={p.tone}>
          {p.text}
        </Badge>
      ))}
    </span>
  );
}
