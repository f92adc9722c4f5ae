import { useTranslation } from 'react-i18next';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';

/** An administrator sets a user's password (new_password), typed twice. */
export function PasswordDialog({ formRef, onClose }: { formRef: FormRef; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <EntityFormDialog formRef={formRef} title={t('password.title')} onClose={onClose}>
      <FormText
        formRef={formRef}
        field="new_password"
        type="password"
        autoComplete="new-password"
        label={t('password.new')}
        required
      />
      <FormText
        formRef={formRef}
        field="confirm"
        type="password"
        autoComplete="new-password"
        label={t('password.confirm')}
        required
      />
    </EntityFormDialog>
  );
}
