import { useTranslation } from 'react-i18next';
import { PushServerSchema } from '../../contract/entities/project-settings';
import { usePageMachines } from '../app/actor-context';
import { FormText } from '../entities/fields/FormText';
import { useMayCall } from '../entities/use-access';
import { useFormItem } from '../entities/use-form-item';
import { FormPemFile } from './FormPemFile';
import { pushServerForm } from './project-settings-form';
import { SettingsSection, shown } from './SettingsSection';
import { useSectionForm } from './use-section-form';

/** The push tab (section 3 "Push server"): where the mobile apps' notifications go out. */
export function PushTab() {
  const { t } = useTranslation('settings');
  const mayEdit = useMayCall('PATCH /project/push-server');
  const section = useSectionForm(usePageMachines().settingsForms.push, pushServerForm, mayEdit);
  const p = useFormItem(section.formRef, PushServerSchema);
  const set = (x: boolean) => (x ? t('files.set') : t('files.notSet'));
  return (
    <SettingsSection
      section={section}
      title={t('push.title')}
      description={t('push.description')}
      mayEdit={mayEdit}
      rows={
        p
          ? [
              { label: t('push.server_url'), value: shown(p.server_url) },
              { label: t('push.server_port'), value: shown(p.server_port) },
              { label: t('push.user_name'), value: shown(p.user_name) },
              { label: t('push.user_pass'), value: set(p.has_user_pass) },
              {
                label: t('push.cert_file'),
                value: p.has_cert_file ? shown(p.cert_file_name, t('files.set')) : set(false),
              },
            ]
          : []
      }
      fields={
        <div className="grid gap-3 sm:grid-cols-2">
          <FormText formRef={section.formRef} field="server_url" label={t('push.server_url')} type="url" />
          <FormText formRef={section.formRef} field="server_port" label={t('push.server_port')} inputMode="numeric" />
          <FormText formRef={section.formRef} field="user_name" label={t('push.user_name')} autoComplete="off" />
          <FormText
            formRef={section.formRef}
            field="user_pass"
            label={t('push.user_pass')}
            type="password"
            autoComplete="new-password"
          />
          <div className="sm:col-span-2">
            <FormPemFile
              formRef={section.formRef}
              field="cert_file"
              nameField="cert_file_name"
              label={t('push.cert_file')}
              stored={p?.has_cert_file ?? false}
            />
          </div>
        </div>
      }
    />
  );
}
