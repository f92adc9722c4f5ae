import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReservationLogEntry } from '../../contract/entities/amenity-reservation';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoadFailed, selectLoadError, selectLoadedData } from '../../machines/loader/loader.selectors';
import { formatInstant } from '../call-history/call-format';
import { Card } from '../kit/Card';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/**
 * The holder's QR of a live reservation (the server's PNG, fetched with the caller's token): what
 * the doors of the amenity read during the booked slots. Downloadable, to show from a phone.
 */
export function ReservationQr({ loader, name }: { loader: LoaderMachine; name: string }) {
  const { t } = useTranslation(['amenities', 'errors']);
  const actor = useActorRef(loader);
  const url = useSelector(actor, selectLoadedData<string>);
  const failed = useSelector(actor, selectIsLoadFailed);
  const error = useSelector(actor, selectLoadError);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Card title={t('amenities:qr.title')}>
      <p className="mb-3 text-[13px] text-muted">{t('amenities:qr.hint')}</p>
      {url ? (
        <div className="flex flex-col items-center gap-2">
          <img src={url} alt={t('amenities:qr.alt', { name })} className="w-full max-w-[220px]" />
          <a className="text-[13px] font-medium text-brand-700 underline" href={url} download={`${name}.png`}>
            {t('amenities:qr.download')}
          </a>
        </div>
      ) : failed ? (
        <p role="alert" className="text-sm text-danger-700">
          {translateError(t, error as never)}
        </p>
      ) : (
        <Spinner />
      )}
    </Card>
  );
}

/** The reservation's log (section 3 log entries), newest first, as the server tells it in the reader's language. */
export function ReservationLog({ loader }: { loader: LoaderMachine }) {
  const { t, i18n } = useTranslation(['amenities', 'errors']);
  const actor = useActorRef(loader);
  const entries = useSelector(actor, selectLoadedData<ReservationLogEntry[]>);
  const failed = useSelector(actor, selectIsLoadFailed);
  const error = useSelector(actor, selectLoadError);
  return (
    <Card title={t('amenities:log.title')}>
      {entries ? (
        <ol aria-label={t('amenities:log.title')} className="space-y-1.5 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex gap-3">
              <time dateTime={entry.created_at} className="w-40 shrink-0 text-[12px] text-muted">
                {formatInstant(entry.created_at, i18n.language)}
              </time>
              <span>{entry.translated_info}</span>
            </li>
          ))}
        </ol>
      ) : failed ? (
        <p role="alert" className="text-sm text-danger-700">
          {translateError(t, error as never)}
        </p>
      ) : (
        <Spinner />
      )}
    </Card>
  );
}
