import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectCanApprove, selectIsSaving } from '../../machines/entity-form/entity-form.selectors';
import { Button } from '../kit/Button';
import type { FormRef } from './form-types';

/** Cancel and Approve of 2.5: Approve only with the edit permission and when not read-only. */
export function FormButtons({ formRef, onCancel }: { formRef: FormRef; onCancel: () => void }) {
  const { t } = useTranslation(['lists', 'common']);
  const canApprove = useSelector(formRef, selectCanApprove);
  const saving = useSelector(formRef, selectIsSaving);
  return (
    <>
      <Button onClick={onCancel} disabled={saving}>
        {canApprove ? t('common:actions.cancel') : t('common:actions.close')}
      </Button>
      {canApprove ? (
        <Button type="submit" variant="primary" loading={saving}>
          {t('lists:form.approve')}
        </Button>
      ) : null}
    </>
  );
}
