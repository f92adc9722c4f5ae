import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DialerHistory, DialerHistoryItem } from '../../contract/entities/call-history';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { selectCanCall, selectRecentsRef } from '../../machines/dialer/dialer.selectors';
import {
  selectIsLoadFailed,
  selectIsLoading,
  selectLoadError,
  selectLoadedData,
} from '../../machines/loader/loader.selectors';
import { cx } from '../kit/class-names';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { DialerIcon } from './dialer-icons';
import { formatDateTime, formatDuration } from './format';
import { IconButton } from './IconButton';
import { useStartCall } from './use-start-call';

/** The loaded history page. */
const selectHistory = (s: Parameters<typeof selectLoadedData>[0]) => selectLoadedData<DialerHistory>(s);

/** Recent calls of the user's number (2.6, dialer history): who, which way, outcome, duration, when. */
export function RecentsList({ dialerRef }: { dialerRef: ActorRefFrom<DialerMachine> }) {
  const { t } = useTranslation(['dialer', 'errors']);
  const recentsRef = useSelector(dialerRef, selectRecentsRef);
  const history = useSelector(recentsRef, selectHistory);
  const loading = useSelector(recentsRef, selectIsLoading);
  const failed = useSelector(recentsRef, selectIsLoadFailed);
  const error = useSelector(recentsRef, selectLoadError);
  const canCall = useSelector(dialerRef, selectCanCall);
  const startCall = useStartCall(dialerRef);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between px-3 pt-3 pb-1">
        <p className="text-xs text-muted">{history ? t('calls.count', { count: history.total }) : '\u00a0'}</p>
        <IconButton
          icon="refresh"
          size="sm"
          label={t('recents.refresh')}
          disabled={loading}
          onClick={() => recentsRef.send({ type: 'loader.reload' })}
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {loading && !history ? (
          <p role="status" className="flex items-center gap-2 px-3 py-4 text-sm text-muted">
            <Spinner size="sm" /> {t('recents.loading')}
          </p>
        ) : failed ? (
          <p role="alert" className="px-3 py-4 text-sm text-danger-600">
            {t('recents.failed')}: {translateError(t, error)}
          </p>
        ) : !history || history.items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted">{t('recents.empty')}</p>
        ) : (
          <ul aria-label={t('tabs.recents')} className="divide-y divide-line/70">
            {history.items.map((item) => (
              <RecentRow key={item.id} item={item} canCall={canCall} onCall={startCall} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function RecentRow({
  item,
  canCall,
  onCall,
}: {
  item: DialerHistoryItem;
  canCall: boolean;
  onCall: (number: string, video?: boolean, name?: string) => void;
}) {
  const { t, i18n } = useTranslation('dialer');
  const other = item.type === 'incoming' ? item.from : item.to;
  const missed = item.status !== 'answered';
  return (
    <li className="flex items-center gap-2 px-3 py-2">
      <DialerIcon
        name={item.type === 'incoming' ? 'incoming' : 'outgoing'}
        className={cx(missed && item.type === 'incoming' ? 'text-danger-600' : 'text-muted')}
      />
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">
            {other.user_name ?? other.number}
          </span>
          <time dateTime={item.created_at} className="shrink-0 text-[11px] text-muted tabular-nums">
            {formatDateTime(item.created_at, i18n.language)}
          </time>
        </p>
        <p className="truncate text-xs text-muted">
          {other.user_name ? `${other.number} · ` : ''}
          {t(`recents.${item.type}`)} · {t(`recents.status.${item.status}`)}
          {item.duration > 0 ? ` · ${formatDuration(item.duration)}` : ''}
        </p>
      </div>
      <IconButton
        icon="phone"
        size="sm"
        label={t('recents.callBack', { number: other.number })}
        disabled={!canCall}
        onClick={() => onCall(other.number, false, other.user_name ?? undefined)}
      />
    </li>
  );
}
