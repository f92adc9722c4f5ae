import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoadFailed, selectLoadError } from '../../machines/loader/loader.selectors';
import { Button } from '../kit/Button';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { selectIpBlockingStatus } from './ip-blocking-status';

function Stat({ label, value, tone }: { label: string; value: number; tone?: 'alert' }) {
  return (
    <div className="min-w-0 px-4 py-2 first:pl-0">
      <dt className="text-[13px] leading-tight text-muted">{label}</dt>
      <dd
        className={
          tone === 'alert' && value > 0 ? 'text-xl font-semibold text-danger-600' : 'text-xl font-semibold text-ink'
        }
      >
        {value}
      </dd>
    </div>
  );
}

/** Bans in force (all, SIP, console logins) and the whitelist's size. */
export function StatusStrip({ statusRef }: { statusRef: ActorRefFrom<LoaderMachine> }) {
  const { t } = useTranslation(['ipBlocking', 'errors', 'common']);
  const status = useSelector(statusRef, selectIpBlockingStatus);
  const failed = useSelector(statusRef, selectIsLoadFailed);
  const error = useSelector(statusRef, selectLoadError);
  return (
    <section
      aria-label={t('ipBlocking:status.label')}
      className="flex min-h-[68px] items-center rounded-lg border border-line bg-surface px-4 py-1"
    >
      {status ? (
        <dl className="grid w-full grid-cols-4 divide-x divide-line">
          <Stat label={t('ipBlocking:status.bans')} value={status.bans.total} tone="alert" />
          <Stat label={t('ipBlocking:services.sip')} value={status.bans.sip} />
          <Stat label={t('ipBlocking:services.http')} value={status.bans.http} />
          <Stat label={t('ipBlocking:status.whitelist')} value={status.whitelist} />
        </dl>
      ) : failed ? (
        <p role="alert" className="flex items-center gap-3 text-sm text-danger-700">
          <span>
            {t('ipBlocking:status.failed')}: {translateError(t, error)}
          </span>
          <Button size="sm" onClick={() => statusRef.send({ type: 'loader.reload' })}>
            {t('common:actions.retry')}
          </Button>
        </p>
      ) : (
        <span className="flex items-center gap-2 text-sm text-muted">
          <Spinner size="sm" />
          {t('ipBlocking:status.loading')}
        </span>
      )}
    </section>
  );
}
