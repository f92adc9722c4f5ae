import { useTranslation } from 'react-i18next';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';

/** Adding to the whitelist (600 px): an address or CIDR range, and what it is. */
export function WhitelistFormDialog({ formRef, onClose }: { formRef: FormRef; onClose: () => void }) {
  const { t } = useTranslation('ipBlocking');
  return (
    <EntityFormDialog formRef={formRef} title={t('whitelist.dialog')} onClose={onClose}>
      <FormText
        formRef={formRef}
        field="ip"
        label={t('whitelist.fields.ip')}
        hint={t('whitelist.ipHint')}
        required
        autoComplete="off"
      />
      <FormText formRef={formRef} field="description" label={t('whitelist.fields.description')} autoComplete="off" />
    </EntityFormDialog>
  );
}
