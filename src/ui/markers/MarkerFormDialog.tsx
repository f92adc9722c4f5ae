import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormColor } from '../entities/fields/FormColor';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { MARKER_PALETTE } from './marker-form';

/** The marker add/edit dialog (600 px): name, colour with swatches, description. */
export function MarkerFormDialog({ formRef, onClose }: { formRef: FormRef; onClose: () => void }) {
  const { t } = useTranslation('markers');
  const isNew = useSelector(formRef, selectIsNew);
  return (
    <EntityFormDialog formRef={formRef} title={isNew ? t('dialog.add') : t('dialog.edit')} onClose={onClose}>
      <FormText formRef={formRef} field="name" label={t('fields.name')} required />
      <FormColor formRef={formRef} field="color" label={t('fields.color')} palette={MARKER_PALETTE} />
      <FormTextArea formRef={formRef} field="description" label={t('fields.description')} />
    </EntityFormDialog>
  );
}
