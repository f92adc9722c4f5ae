import { useTranslation } from 'react-i18next';
import type { Announce } from '../../contract/entities/announce';
import { Badge, type BadgeTone } from '../kit/Badge';
import { formatDateTime } from '../kit/format-date';

const TONE: Record<Announce['status'], BadgeTone> = { new: 'neutral', started: 'success', stopped: 'warning' };

/** An announce's status; a new one with a time set says when it starts. */
export function AnnounceStatus({ announce }: { announce: Pick<Announce, 'status' | 'execute_at'> }) {
  const { t, i18n } = useTranslation('announces');
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone={TONE[announce.status]}>{t(`status.${announce.status}`)}</Badge>
      {announce.status === 'new' && announce.execute_at ? (
        <span className="text-[12px] text-muted">
          {t('scheduledFor', { date: formatDateTime(announce.execute_at, i18n.language) })}
        </span>
      ) : null}
    </span>
  );
}
