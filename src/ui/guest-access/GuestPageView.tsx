import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { GuestKeyMachine } from '../../machines/guest-key/guest-key.machine';
import {
  selectFailure,
  selectGuestState,
  selectIsPageLoading,
  selectKeyRefusal,
  selectPageLoadFailed,
  selectShowsDoors,
} from '../../machines/guest-key/guest-key.selectors';
import { Button } from '../kit/Button';
import { cx } from '../kit/class-names';
import { formatDateTime } from '../kit/format-date';
import { pageWidth } from '../kit/page-width';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { GuestDoors } from './GuestDoors';

/**
 * The public guest page (2.1 `/guest-access/:keyId`), made for a phone: who the key is for and
 * from whom, its message, how long and how many passes are left, and the doors as big buttons;
 * or, when the key cannot open anything, why, in plain words.
 */
export function GuestPageView({ keyRef }: { keyRef: ActorRefFrom<GuestKeyMachine> }) {
  const { t, i18n } = useTranslation(['guestAccess', 'errors']);
  const state = useSelector(keyRef, selectGuestState);
  const loading = useSelector(keyRef, selectIsPageLoading);
  const loadFailed = useSelector(keyRef, selectPageLoadFailed);
  const refusal = useSelector(keyRef, selectKeyRefusal);
  const showsDoors = useSelector(keyRef, selectShowsDoors);
  const failure = useSelector(keyRef, selectFailure);
  const date = (iso: string | null) => formatDateTime(iso, i18n.language);
  return (
    <div className={cx(pageWidth('readable'), 'space-y-4 px-1 py-2 text-base')}>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold text-ink">
          {state?.name ? t('guestAccess:page.forName', { name: state.name }) : t('guestAccess:page.welcome')}
        </h1>
        {state?.granted_by ? (
          <p className="text-muted">{t('guestAccess:page.from', { name: state.granted_by })}</p>
        ) : null}
      </header>
      {loading ? <Spinner label={t('guestAccess:page.loading')} /> : null}
      {loadFailed ? (
        <div role="alert" className="space-y-3 rounded-lg border border-line bg-surface p-4">
          <p>{t('guestAccess:page.loadFailed')}</p>
          <p className="text-sm text-muted">{translateError(t, failure)}</p>
          <Button onClick={() => keyRef.send({ type: 'key.retry' })}>{t('guestAccess:page.retry')}</Button>
        </div>
      ) : null}
      {state?.message && !refusal ? (
        <p className="rounded-lg border border-brand-700/20 bg-brand-50 px-4 py-3 text-ink">{state.message}</p>
      ) : null}
      {state && showsDoors ? (
        <p className="flex flex-wrap gap-x-4 text-sm text-muted">
          {state.valid_to ? <span>{t('guestAccess:page.validUntil', { date: date(state.valid_to) })}</span> : null}
          {state.passes ? <span>{t('guestAccess:page.passesLeft', { count: state.passes.left })}</span> : null}
        </p>
      ) : null}
      {showsDoors ? <GuestDoors keyRef={keyRef} /> : null}
      {refusal ? (
        <div role="alert" className="space-y-2 rounded-lg border border-danger-600/30 bg-danger-50 p-4">
          <p className="text-lg font-semibold text-danger-700">{t(`guestAccess:page.${refusal}`)}</p>
          {refusal === 'notYetValid' && state?.valid_from ? (
            <p>{t('guestAccess:page.validFrom', { date: date(state.valid_from) })}</p>
          ) : (
            <p className="text-ink">{t('guestAccess:page.askHost')}</p>
          )}
          {refusal === 'notYetValid' ? (
            <Button onClick={() => keyRef.send({ type: 'key.retry' })}>{t('guestAccess:page.checkAgain')}</Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
