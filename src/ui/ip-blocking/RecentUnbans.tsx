import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { IpBlockingStatus } from '../../contract/entities/ip-blocking';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { formatDateTime, formatWhen } from '../kit/format-date';
import { selectIpBlockingStatus } from './ip-blocking-status';

type Unban = IpBlockingStatus['recent_unbans'][number];

/** What one unban lifted: an address for a service, or every address (of a service) with the count. */
function What({ unban }: { unban: Unban }) {
  const { t } = useTranslation('ipBlocking');
  const service = unban.service ? t(`services.${unban.service}`) : null;
  return (
    <span className="min-w-0 truncate">
      {unban.action === 'unban' ? (
        <span className="font-mono text-[13px] text-ink">{unban.ip}</span>
      ) : (
        <span className="font-medium text-ink">{t('recent.all')}</span>
      )}
      {service ? <span className="text-muted"> · {service}</span> : null}
      {unban.action === 'unban_all' ? (
        <span className="text-muted"> · {t('recent.lifted', { count: unban.unbanned })}</span>
      ) : null}
    </span>
  );
}

/** The latest unbans by hand (what, who, when), newest first, from the status. */
export function RecentUnbans({ statusRef }: { statusRef: ActorRefFrom<LoaderMachine> }) {
  const { t, i18n } = useTranslation('ipBlocking');
  const status = useSelector(statusRef, selectIpBlockingStatus);
  const headingId = useId();
  if (!status) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-line bg-surface">
      <h2 id={headingId} className="border-b border-line px-4 py-2 text-[13px] font-semibold text-ink">
        {t('recent.title')}
      </h2>
      {status.recent_unbans.length === 0 ? (
        <p className="px-4 py-2.5 text-sm text-muted">{t('recent.empty')}</p>
      ) : (
        // Two rows show; the rest (up to ten) scroll, and the list is reachable by keyboard to scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard.
        <ul tabIndex={0} aria-labelledby={headingId} className="max-h-[66px] divide-y divide-line overflow-y-auto">
          {status.recent_unbans.map((unban) => (
            <li
              key={`${unban.at}-${unban.action}-${unban.ip}-${unban.service}`}
              className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-baseline gap-3 px-4 py-1.5 text-sm"
            >
              <What unban={unban} />
              <span className="truncate text-xs text-muted">
                {t('recent.by', { user: unban.user?.name ?? t('recent.unknownUser') })}
              </span>
              <time dateTime={unban.at} title={formatDateTime(unban.at, i18n.language)} className="text-xs text-muted">
                {formatWhen(unban.at, i18n.language)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
