import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import {
  selectIsLoadFailed,
  selectIsLoading,
  selectLoadError,
  selectLoadedData,
} from '../../machines/loader/loader.selectors';
import { Card } from '../kit/Card';
import { ErrorState } from '../kit/ErrorState';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { SafeHtml } from '../kit/SafeHtml';
import { PageSpinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/** Props of {@link TermsView}. */
export interface TermsViewProps {
  /** The `terms(locale)` resource actor (data: an HTML string). */
  termsRef: ActorRefFrom<LoaderMachine>;
}

const selectHtml = (s: Parameters<typeof selectLoadedData>[0]) => selectLoadedData<string>(s);

/** The terms and conditions, rendered from sanitised server HTML. */
export function TermsView({ termsRef }: TermsViewProps) {
  const { t } = useTranslation(['menu', 'shell', 'common', 'errors']);
  const loading = useSelector(termsRef, selectIsLoading);
  const failed = useSelector(termsRef, selectIsLoadFailed);
  const error = useSelector(termsRef, selectLoadError);
  const html = useSelector(termsRef, selectHtml);

  return (
    <div className={pageWidth('readable')}>
      <PageHeader title={t('menu:pages.termsAndConditions')} />
      {failed ? (
        <ErrorState
          title={t('shell:terms.failed')}
          message={translateError(t, error)}
          failure={error}
          onRetry={() => termsRef.send({ type: 'loader.reload' })}
        />
      ) : loading || html === null ? (
        <PageSpinner label={t('common:state.loading')} />
      ) : (
        <Card>
          <SafeHtml html={html} />
        </Card>
      )}
    </div>
  );
}
