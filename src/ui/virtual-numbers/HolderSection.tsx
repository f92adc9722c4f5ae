import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import { isListRow } from '../entities/rows';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import type { HolderKind } from './sip-number-form';

const selectHolder = selectFormValue('holder');
const selectDevice = selectFormValue('device');

/** Who holds the number: nobody, a user or a group (a device's number is shown, not chosen here). */
export function HolderSection({
  formRef,
  pickers,
}: {
  formRef: FormRef;
  pickers: { users: PickerSpec; groups: PickerSpec };
}) {
  const { t } = useTranslation('numbers');
  const holder = useSelector(formRef, selectHolder) as HolderKind;
  const picked = useSelector(formRef, selectDevice);
  const device = isListRow(picked) ? picked : null;
  const kinds: HolderKind[] = device ? ['none', 'user', 'device', 'domain'] : ['none', 'user', 'domain'];
  return (
    <Card title={t('form.sections.holder')}>
      <div className="space-y-3">
        <FormSelect
          formRef={formRef}
          field="holder"
          label={t('fields.holder')}
          options={kinds.map((k) => ({ value: k, label: t(`holders.${k}`) }))}
        />
        {holder === 'user' ? (
          <FormPicker
            formRef={formRef}
            field="user"
            label={t('fields.user')}
            required
            {...pickerProps(pickers.users)}
          />
        ) : null}
        {holder === 'domain' ? (
          <FormPicker
            formRef={formRef}
            field="domain"
            label={t('fields.domain')}
            required
            {...pickerProps(pickers.groups)}
          />
        ) : null}
        {holder === 'device' && device ? (
          <p className="text-sm text-ink">
            <span className="font-medium">{String(device.name)}</span>
            <span className="block text-xs text-muted">{t('form.deviceReadOnly')}</span>
          </p>
        ) : null}
      </div>
    </Card>
  );
}
