import { useTranslation } from 'react-i18next';
import { EmergencyAlertSchema } from '../../contract/entities/emergency-alert';
import { EntityFormPage } from '../entities/EntityFormPage';
import type { FormRef } from '../entities/form-types';
import { useFormHeading } from '../entities/use-form-heading';
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
  const { isNew, title } = useFormHeading(formRef, EmergencyAlertSchema, {
    add: t('form.addTitle'),
    edit: t('form.editTitle'),
    named: (alert) => t('form.editNamed', { name: alert.name }),
  });
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
