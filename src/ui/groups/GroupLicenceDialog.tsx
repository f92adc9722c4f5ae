import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { GroupLicenseInfoSchema, LICENCE_NOTICE_MODES } from '../../contract/entities/licence';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { UsageBar } from '../licence-reports/charts/UsageBar';

const COUNTED = [
  { key: 'sip', enabled: 'sipEnabled', count: 'sipCount', info: 'sip' },
  { key: 'mobile_app', enabled: 'mobileEnabled', count: 'mobileCount', info: 'mobileApp' },
  { key: 'ukey2', enabled: 'ukey2Enabled', count: 'ukey2Count', info: 'ukey2' },
] as const;

/**
 * A group's licence (section 3): its own counts of virtual numbers, mobile apps and UKEY2 (each
 * with what the group uses and may hold), the features its users get, a restrict period and its
 * notices; without its own it inherits its parent's. Refusals that break the consistency rules
 * show for 30 s (8.1).
 */
export function GroupLicenceDialog({
  formRef,
  name,
  onClose,
}: {
  formRef: FormRef;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['groups', 'licences']);
  const item = useFormItem(formRef, GroupLicenseInfoSchema);
  const own = useSelector(formRef, selectFormValue('own')) === true;
  const periodActive = useSelector(formRef, selectFormValue('periodActive')) === true;
  return (
    <EntityFormDialog formRef={formRef} title={t('groups:licence.title', { name })} onClose={onClose}>
      <FormCheckbox formRef={formRef} field="own" label={t('groups:licence.own')} />
      <p className="text-[12px] text-muted">{own ? t('groups:licence.ownHint') : t('groups:licence.inheritHint')}</p>
      <fieldset disabled={!own} className="space-y-3 disabled:opacity-60">
        <legend className="sr-only">{t('groups:licence.settings')}</legend>
        <div className="space-y-2">
          {COUNTED.map((c) => (
            <div key={c.key} className="grid grid-cols-[9rem_8rem_minmax(0,1fr)] items-end gap-3">
              <FormCheckbox
                formRef={formRef}
                field={c.enabled}
                label={t(`licences:counted.${c.key}`)}
                className="pb-2"
              />
              <FormText
                formRef={formRef}
                field={c.count}
                label={t('groups:licence.count')}
                inputMode="numeric"
                placeholder="∞"
              />
              {item ? (
                <div className="pb-2">
                  <UsageBar
                    label={t(`licences:counted.${c.key}`)}
                    used={item[c.info].used}
                    available={item[c.info].available}
                  />
                </div>
              ) : (
                <span />
              )}
            </div>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-x-4 gap-y-1">
          <FormCheckbox formRef={formRef} field="elevator" label={t('licences:features.elevator')} />
          <FormCheckbox formRef={formRef} field="amenity" label={t('licences:features.amenity')} />
          <FormCheckbox formRef={formRef} field="licensePlate" label={t('licences:features.license_plate')} />
          <FormCheckbox formRef={formRef} field="guest" label={t('licences:features.guest_access')} />
        </div>
        <div className="space-y-2">
          <FormCheckbox formRef={formRef} field="periodActive" label={t('groups:licence.period')} />
          {periodActive ? (
            <div className="grid grid-cols-2 gap-3">
              <FormText formRef={formRef} field="periodFrom" type="date" label={t('groups:licence.from')} />
              <FormText formRef={formRef} field="periodTo" type="date" label={t('groups:licence.to')} />
            </div>
          ) : null}
        </div>
        <div className="grid grid-cols-[auto_minmax(0,1fr)_8rem] items-end gap-3">
          <FormCheckbox
            formRef={formRef}
            field="noticeActive"
            label={t('licences:notices.isActive')}
            className="pb-2"
          />
          <FormSelect
            formRef={formRef}
            field="noticeMode"
            label={t('licences:notices.mode')}
            options={LICENCE_NOTICE_MODES.map((m) => ({ value: m, label: t(`licences:notices.modes.${m}`) }))}
          />
          <FormText
            formRef={formRef}
            field="noticeBefore"
            label={t('licences:notices.notifyBefore')}
            inputMode="numeric"
          />
        </div>
      </fieldset>
    </EntityFormDialog>
  );
}
