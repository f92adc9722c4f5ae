import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoading, selectLoadError, selectLoadedData } from '../../machines/loader/loader.selectors';
import { ErrorState } from '../kit/ErrorState';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/**
 * A loader's value once it is there: a spinner the first time, the failure with a retry, else
 * `children(value)` (a reload keeps showing the last value).
 */
export function Loaded<T>(props: {
  actor: ActorRefFrom<LoaderMachine>;
  loading: string;
  failed: string;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation('errors');
  const value = useSelector(props.actor, selectLoadedData<T>);
  const loading = useSelector(props.actor, selectIsLoading);
  const error = useSelector(props.actor, selectLoadError);
  if (value !== null && !error) return <>{props.children(value)}</>;
  if (loading) return <Spinner label={props.loading} />;
  return (
    <ErrorState
      title={props.failed}
      message={error ? translateError(t, error) : undefined}
      failure={error ?? undefined}
      onRetry={() => props.actor.send({ type: 'loader.reload' })}
    />
  );
}
