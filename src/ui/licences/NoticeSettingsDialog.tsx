import { useTranslation } from 'react-i18next';
import { LICENCE_NOTICE_MODES } from '../../contract/entities/licence';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';

/** The licence notices (section 3): on or off, how often (once, every day, week, 30 days, never), how many days before. */
export function NoticeSettingsDialog({ formRef, onClose }: { formRef: FormRef; onClose: () => void }) {
  const { t } = useTranslation('licences');
  return (
    <EntityFormDialog formRef={formRef} title={t('notices.title')} onClose={onClose}>
      <p className="text-[13px] text-muted">{t('notices.description')}</p>
      <FormCheckbox formRef={formRef} field="isActive" label={t('notices.isActive')} />
      <FormSelect
        formRef={formRef}
        field="mode"
        label={t('notices.mode')}
        options={LICENCE_NOTICE_MODES.map((m) => ({ value: m, label: t(`notices.modes.${m}`) }))}
      />
      <FormText
        formRef={formRef}
        field="notifyBefore"
        label={t('notices.notifyBefore')}
        inputMode="numeric"
        hint={t('notices.notifyBeforeHint')}
      />
    </EntityFormDialog>
  );
}
