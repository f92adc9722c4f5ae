import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../contract/constants';
import { GeneralSettingsSchema } from '../../contract/entities/project-settings';
import { usePageMachines } from '../app/actor-context';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { useMayCall } from '../entities/use-access';
import { useFormItem } from '../entities/use-form-item';
import { usePickers } from '../entities/use-pickers';
import { generalSettingsForm } from './project-settings-form';
import { SettingsSection, shown } from './SettingsSection';
import { useSectionForm } from './use-section-form';

/** IANA zones this browser knows (the server checks the name too). */
const ZONES: string[] = (() => {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return list.includes('UTC') ? list : ['UTC', ...list];
})();

/** The general tab: the project, registration, zone and language, logs, notices, guests, mobile SDK, self-registration. */
export function GeneralTab() {
  const { t } = useTranslation('settings');
  const mayEdit = useMayCall('PATCH /project/general');
  const section = useSectionForm(usePageMachines().settingsForms.general, generalSettingsForm, mayEdit);
  const s = useFormItem(section.formRef, GeneralSettingsSchema);
  const yes = (x: boolean) => (x ? t('common.yes') : t('common.no'));
  const rows = s
    ? [
        { label: t('general.name'), value: s.name },
        { label: t('general.description'), value: shown(s.description) },
        { label: t('general.server_url'), value: s.server_url },
        { label: t('general.time_zone'), value: s.time_zone },
        { label: t('general.locale'), value: t(`locales.${s.locale}`) },
        { label: t('general.send_registration_link'), value: yes(s.registration_flags.send_registration_link) },
        { label: t('general.logs_life'), value: t('general.days', { count: s.logs_life }) },
        { label: t('general.admin_email'), value: shown(s.admin_email) },
        {
          label: t('general.notices'),
          value:
            (
              [
                ['notify_about_offline_device', s.notify_flags.notify_about_offline_device],
                ['notify_about_device_task_failed', s.notify_flags.notify_about_device_task_failed],
                ['notify_about_licence', s.notify_flags.notify_about_licence],
              ] as const
            )
              .filter(([, on]) => on)
              .map(([flag]) => t(`general.${flag}`))
              .join(', ') || shown(null),
        },
        {
          label: t('general.guest_limits'),
          value: t('general.guestLimitsValue', {
            passes: s.guest_identifier_limits.max_passes_count ?? '∞',
            days: s.guest_identifier_limits.max_period_days ?? '∞',
          }),
        },
        {
          label: t('general.mobile_sdk'),
          value: s.mobile_sdk_settings.is_enabled
            ? shown(s.mobile_sdk_settings.app_id, t('common.on'))
            : t('common.off'),
        },
        {
          label: t('general.self_register'),
          value: s.user_self_register_settings.is_enabled
            ? `${s.user_self_register_settings.domain?.name ?? '—'} · ${s.user_self_register_settings.role?.name ?? '—'}`
            : t('common.off'),
        },
      ]
    : [];
  return (
    <SettingsSection
      section={section}
      title={t('tabs.general')}
      rows={rows}
      mayEdit={mayEdit}
      fields={<GeneralFields formRef={section.formRef} />}
    />
  );
}

function GeneralFields({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('settings');
  const pickers = usePickers();
  return (
    <div className="space-y-4">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-[13px] font-semibold text-ink">{t('general.project')}</legend>
        <FormText formRef={formRef} field="name" label={t('general.name')} required />
        <FormText formRef={formRef} field="server_url" label={t('general.server_url')} required type="url" />
        <FormTextArea
          formRef={formRef}
          field="description"
          label={t('general.description')}
          className="sm:col-span-2"
        />
        <FormSelect
          formRef={formRef}
          field="time_zone"
          label={t('general.time_zone')}
          options={ZONES.map((zone) => ({ value: zone, label: zone }))}
        />
        <FormSelect
          formRef={formRef}
          field="locale"
          label={t('general.locale')}
          options={LANGUAGES.map((lng) => ({ value: lng, label: t(`locales.${lng}`) }))}
        />
        <FormText formRef={formRef} field="logs_life" label={t('general.logs_life_days')} inputMode="numeric" />
        <FormCheckbox
          formRef={formRef}
          field="send_registration_link"
          label={t('general.send_registration_link')}
          className="self-end pb-2"
        />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-[13px] font-semibold text-ink">{t('general.notices')}</legend>
        <FormText formRef={formRef} field="admin_email" label={t('general.admin_email')} type="email" />
        <div className="space-y-2 sm:pt-6">
          <FormCheckbox
            formRef={formRef}
            field="notify_about_offline_device"
            label={t('general.notify_about_offline_device')}
          />
          <FormCheckbox
            formRef={formRef}
            field="notify_about_device_task_failed"
            label={t('general.notify_about_device_task_failed')}
          />
          <FormCheckbox formRef={formRef} field="notify_about_licence" label={t('general.notify_about_licence')} />
        </div>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-[13px] font-semibold text-ink">{t('general.guest_limits')}</legend>
        <FormText
          formRef={formRef}
          field="max_passes_count"
          label={t('general.max_passes_count')}
          inputMode="numeric"
        />
        <FormText formRef={formRef} field="max_period_days" label={t('general.max_period_days')} inputMode="numeric" />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-[13px] font-semibold text-ink">{t('general.mobile_sdk')}</legend>
        <FormCheckbox
          formRef={formRef}
          field="sdk_enabled"
          label={t('general.sdk_enabled')}
          className="sm:col-span-2"
        />
        <FormText formRef={formRef} field="sdk_app_id" label={t('general.sdk_app_id')} />
        <FormText
          formRef={formRef}
          field="sdk_api_key"
          label={t('general.sdk_api_key')}
          type="password"
          autoComplete="new-password"
        />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-[13px] font-semibold text-ink">{t('general.self_register')}</legend>
        <FormCheckbox
          formRef={formRef}
          field="self_register_enabled"
          label={t('general.self_register_enabled')}
          className="sm:col-span-2"
        />
        <FormPicker
          formRef={formRef}
          field="self_register_domain"
          label={t('general.self_register_domain')}
          picker={pickers.groups.machine}
          pickerTitle={pickers.groups.title}
          searchLabel={pickers.groups.searchLabel}
          describe={pickers.groups.describe}
        />
        <FormPicker
          formRef={formRef}
          field="self_register_role"
          label={t('general.self_register_role')}
          picker={pickers.roles.machine}
          pickerTitle={pickers.roles.title}
          searchLabel={pickers.roles.searchLabel}
          describe={pickers.roles.describe}
        />
      </fieldset>
    </div>
  );
}
