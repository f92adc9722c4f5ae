import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFormFailure,
  selectIsFormFailed,
  selectIsFormLoading,
} from '../../machines/entity-form/entity-form.selectors';
import { ErrorState } from '../kit/ErrorState';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import type { FormRef } from './form-types';

/**
 * The form's body, or its loading spinner, or its load failure: a retry when the failure is
 * transient, and `back` (to the list, or closing the dialog) for one a retry cannot mend.
 */
export function FormState({
  formRef,
  back,
  children,
}: {
  formRef: FormRef;
  back?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  const { t } = useTranslation(['lists', 'errors']);
  const loading = useSelector(formRef, selectIsFormLoading);
  const failed = useSelector(formRef, selectIsFormFailed);
  const failure = useSelector(formRef, selectFormFailure);
  if (loading)
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label={t('lists:form.loading')} size="lg" />
      </div>
    );
  if (failed)
    return (
      <ErrorState
        title={t('lists:form.failed')}
        message={translateError(t, failure)}
        failure={failure}
        onRetry={() => formRef.send({ type: 'form.retry' })}
        back={back}
      />
    );
  return <>{children}</>;
}
