import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ResourceMachine } from '../../machines/resource/resource.machine';
import {
  selectIsResourceFailed,
  selectIsResourceLoading,
  selectResourceData,
  selectResourceError,
} from '../../machines/resource/resource.selectors';
import { Card } from '../kit/Card';
import { ErrorState } from '../kit/ErrorState';
import { PageHeader } from '../kit/PageHeader';
import { SafeHtml } from '../kit/SafeHtml';
import { PageSpinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/** Props of {@link TermsView}. */
export interface TermsViewProps {
  /** The `terms(locale)` resource actor (data: an HTML string). */
  termsRef: ActorRefFrom<ResourceMachine>;
}

const selectHtml = (s: Parameters<typeof selectResourceData>[0]) => selectResourceData<string>(s);

/** The terms and conditions, rendered from sanitised server HTML. */
export function TermsView({ termsRef }: TermsViewProps) {
  const { t } = useTranslation(['menu', 'shell', 'common', 'errors']);
  const loading = useSelector(termsRef, selectIsResourceLoading);
  const failed = useSelector(termsRef, selectIsResourceFailed);
  const error = useSelector(termsRef, selectResourceError);
  const html = useSelector(termsRef, selectHtml);

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('menu:pages.termsAndConditions')} />
      {failed ? (
        <ErrorState
          title={t('shell:terms.failed')}
          message={translateError(t, error)}
          onRetry={() => termsRef.send({ type: 'resource.reload' })}
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
