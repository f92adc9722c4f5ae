import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { HomeCounts } from '../../contract/entities/server-settings';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import {
  selectIsLoadFailed,
  selectIsLoading,
  selectLoadError,
  selectLoadedData,
} from '../../machines/loader/loader.selectors';
import { ErrorState } from '../kit/ErrorState';
import { translateError } from '../kit/translate-error';

/** Count keys in display order, with the list each card opens (projects have none). */
const CARDS: readonly { key: keyof HomeCounts; to: string | null }[] = [
  { key: 'users', to: '/users' },
  { key: 'roles', to: '/roles' },
  { key: 'groups', to: '/groups' },
  { key: 'projects', to: null },
];

const selectCounts = (s: Parameters<typeof selectLoadedData>[0]) => selectLoadedData<HomeCounts>(s);

/** Props of {@link CountCards}. */
export interface CountCardsProps {
  countsRef: ActorRefFrom<LoaderMachine>;
}

/** One card per count the server returned (absent keys are not permitted to the user). */
export function CountCards({ countsRef }: CountCardsProps) {
  const { t } = useTranslation(['home', 'errors']);
  const loading = useSelector(countsRef, selectIsLoading);
  const failed = useSelector(countsRef, selectIsLoadFailed);
  const error = useSelector(countsRef, selectLoadError);
  const counts = useSelector(countsRef, selectCounts);

  if (failed) {
    return (
      <ErrorState
        title={t('home:counts.failed')}
        message={translateError(t, error)}
        failure={error}
        onRetry={() => countsRef.send({ type: 'loader.reload' })}
      />
    );
  }
  if (loading || !counts) {
    return (
      <div aria-busy="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <span className="sr-only">{t('home:counts.loading')}</span>
        {CARDS.map((card) => (
          <div key={card.key} className="h-[86px] animate-pulse rounded-lg border border-line bg-surface" />
        ))}
      </div>
    );
  }
  const present = CARDS.filter((card) => typeof counts[card.key] === 'number');
  return (
    <ul aria-label={t('home:counts.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {present.map((card) => {
        const body = (
          <>
            <span className="block text-2xl font-semibold text-ink tabular-nums">{counts[card.key]}</span>
            <span className="mt-0.5 block text-sm text-muted">
              {t(`home:counts.${card.key}`, { count: counts[card.key] as number })}
            </span>
          </>
        );
        const box = 'block rounded-lg border border-line bg-surface px-4 py-3 shadow-xs';
        return (
          <li key={card.key}>
            {card.to ? (
              <Link to={card.to} className={`${box} hover:border-brand-500 hover:bg-brand-50`}>
                {body}
              </Link>
            ) : (
              <div className={box}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
