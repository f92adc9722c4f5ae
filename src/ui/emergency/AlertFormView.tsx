import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { EmergencyAlertSchema } from '../../contract/entities/emergency-alert';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormPage } from '../entities/EntityFormPage';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { AlertAside, type AlertAsideProps } from './AlertAside';
import { AlertFields, type AlertPickers } from './AlertFields';

/** Props of {@link AlertFormView}. */
export interface AlertFormViewProps {
  formRef: FormRef;
  pickers: AlertPickers;
  commands: AlertAsideProps['commands'];
  onCancel: () => void;
  onCommand: AlertAsideProps['onCommand'];
}

/** /emergency-alerts/add and /emergency-alerts/:id/edit: the fields, and beside an existing alert its state. */
export function AlertFormView({ formRef, pickers, commands, onCancel, onCommand }: AlertFormViewProps) {
  const { t } = useTranslation('emergency');
  const isNew = useSelector(formRef, selectIsNew);
  const alert = useFormItem(formRef, EmergencyAlertSchema);
  const title = isNew ? t('form.addTitle') : alert ? t('form.editNamed', { name: alert.name }) : t('form.editTitle');
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      onCancel={onCancel}
      aside={isNew ? undefined : <AlertAside formRef={formRef} commands={commands} onCommand={onCommand} />}
    >
      <AlertFields formRef={formRef} pickers={pickers} />
    </EntityFormPage>
  );
}
