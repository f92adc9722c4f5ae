import { useTranslation } from 'react-i18next';
import { NotificationSettingsSchema } from '../../contract/entities/notification';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { Card } from '../kit/Card';

/** Props of {@link NotificationSettingsView}. */
export interface NotificationSettingsViewProps {
  formRef: FormRef;
  title: string;
  onCancel: () => void;
}

/** The subscription fields of section 3 (offline devices, failed device tasks) and ACS events. */
export function NotificationSettingsView({ formRef, title, onCancel }: NotificationSettingsViewProps) {
  const { t } = useTranslation('notifications');
  const item = useFormItem(formRef, NotificationSettingsSchema);
  const recipient = item?.user
    ? item.user.email
      ? t('settings.recipientWithEmail', { name: item.user.name, email: item.user.email })
      : t('settings.recipient', { name: item.user.name })
    : undefined;
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={recipient ?? t('settings.description')}
      onCancel={onCancel}
    >
      <Card title={t('settings.devices')}>
        <div className="space-y-3 p-4">
          <FormCheckbox
            formRef={formRef}
            field="notify_about_offline_device"
            label={t('settings.notify_about_offline_device')}
          />
          <FormCheckbox
            formRef={formRef}
            field="notify_about_device_task_failed"
            label={t('settings.notify_about_device_task_failed')}
          />
        </div>
      </Card>
      <Card title={t('settings.access')}>
        <div className="p-4">
          <FormCheckbox formRef={formRef} field="acs" label={t('settings.acs')} />
        </div>
      </Card>
    </EntityFormPage>
  );
}
