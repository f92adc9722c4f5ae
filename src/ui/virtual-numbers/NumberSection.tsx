import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsFilling, selectIsLocked, selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';

/** Number, password and display name, with "generate" (a free number and a password, or a new password). */
export function NumberSection({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('numbers');
  const isNew = useSelector(formRef, selectIsNew);
  const filling = useSelector(formRef, selectIsFilling);
  const locked = useSelector(formRef, selectIsLocked);
  const generate = () => formRef.send({ type: 'form.fill', fields: isNew ? ['number', 'password'] : ['password'] });
  return (
    <Card
      title={t('form.sections.number')}
      actions={
        locked && !filling ? null : (
          <Button size="sm" onClick={generate} loading={filling}>
            {filling ? t('form.generating') : isNew ? t('form.generate') : t('form.newPassword')}
          </Button>
        )
      }
    >
      <div className="space-y-3">
        <FormRow>
          <FormText formRef={formRef} field="number" label={t('fields.number')} required inputMode="numeric" />
          <FormText formRef={formRef} field="name" label={t('fields.name')} />
        </FormRow>
        <FormText
          formRef={formRef}
          field="password"
          label={t('fields.password')}
          required
          autoComplete="off"
          hint={isNew ? t('form.passwordHint') : `${t('form.passwordHint')} ${t('form.passwordKept')}`}
        />
      </div>
    </Card>
  );
}
