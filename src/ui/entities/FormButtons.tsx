import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectCanApprove,
  selectIsFilling,
  selectIsSaved,
  selectIsSaving,
} from '../../machines/entity-form/entity-form.selectors';
import { Button } from '../kit/Button';
import { Icon } from '../kit/icons';
import { Spinner } from '../kit/Spinner';
import type { FormRef } from './form-types';

/**
 * Cancel and Approve of 2.5: Approve only with the edit permission and when not
 * read-only. While suggested values are on their way Approve waits; once saved,
 * a confirmation stands beside the buttons until the next edit (a page that
 * stays open after saving shows it; a dialog usually closes).
 */
export function FormButtons({ formRef, onCancel }: { formRef: FormRef; onCancel: () => void }) {
  const { t } = useTranslation(['lists', 'common']);
  const canApprove = useSelector(formRef, selectCanApprove);
  const saving = useSelector(formRef, selectIsSaving);
  const saved = useSelector(formRef, selectIsSaved);
  const filling = useSelector(formRef, selectIsFilling);
  return (
    <>
      {filling ? (
        <span role="status" className="mr-auto flex items-center gap-1.5 self-center text-[13px] text-muted">
          <Spinner size="sm" />
          {t('lists:form.filling')}
        </span>
      ) : null}
      {saved ? (
        <span role="status" className="mr-auto flex items-center gap-1 self-center text-[13px] text-success-600">
          <Icon name="check" className="size-4" />
          {t('lists:form.saved')}
        </span>
      ) : null}
      <Button onClick={onCancel} disabled={saving}>
        {canApprove ? t('common:actions.cancel') : t('common:actions.close')}
      </Button>
      {canApprove ? (
        <Button type="submit" variant="primary" loading={saving} disabled={filling}>
          {t('lists:form.approve')}
        </Button>
      ) : null}
    </>
  );
}
