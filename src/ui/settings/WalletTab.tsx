import { useTranslation } from 'react-i18next';
import { AppleWalletSettingsSchema } from '../../contract/entities/project-settings';
import { usePageMachines } from '../app/actor-context';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import { useMayCall } from '../entities/use-access';
import { useFormItem } from '../entities/use-form-item';
import { appleWalletForm } from './project-settings-form';
import { SettingsSection, shown } from './SettingsSection';
import { useSectionForm } from './use-section-form';

const COLORS = ['background_color', 'font_color', 'developer_name_color'] as const;

/** The Apple Wallet tab: the pass fields of the identifiers' pkpass (a group may have its own). */
export function WalletTab() {
  const { t } = useTranslation('settings');
  const mayEdit = useMayCall('PATCH /project/apple-wallet');
  const section = useSectionForm(usePageMachines().settingsForms.appleWallet, appleWalletForm, mayEdit);
  const w = useFormItem(section.formRef, AppleWalletSettingsSchema);
  const swatch = (color: string | null) =>
    color ? (
      <span className="inline-flex items-center gap-2">
        <span
          aria-hidden="true"
          className="inline-block size-4 rounded border border-line"
          style={{ background: color }}
        />
        {color}
      </span>
    ) : (
      shown(null)
    );
  return (
    <SettingsSection
      section={section}
      title={t('wallet.title')}
      description={t('wallet.description')}
      mayEdit={mayEdit}
      rows={
        w
          ? [
              { label: t('wallet.is_enabled'), value: w.is_enabled ? t('common.on') : t('common.off') },
              { label: t('wallet.developer_name'), value: shown(w.developer_name) },
              { label: t('wallet.barcode_alt_text'), value: shown(w.barcode_alt_text) },
              ...COLORS.map((c) => ({ label: t(`wallet.${c}`), value: swatch(w[c]) })),
              { label: t('wallet.backfields'), value: shown(w.backfields) },
            ]
          : []
      }
      fields={
        <div className="grid gap-3 sm:grid-cols-2">
          <FormCheckbox
            formRef={section.formRef}
            field="is_enabled"
            label={t('wallet.is_enabled')}
            className="sm:col-span-2"
          />
          <FormText formRef={section.formRef} field="developer_name" label={t('wallet.developer_name')} />
          <FormText formRef={section.formRef} field="barcode_alt_text" label={t('wallet.barcode_alt_text')} />
          {COLORS.map((c) => (
            <FormText
              key={c}
              formRef={section.formRef}
              field={c}
              label={t(`wallet.${c}`)}
              placeholder="rgb(0, 91, 187)"
            />
          ))}
          <FormTextArea
            formRef={section.formRef}
            field="backfields"
            label={t('wallet.backfields')}
            rows={4}
            className="sm:col-span-2"
          />
        </div>
      }
    />
  );
}
