import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { SIP_NUMBER_PURPOSES } from '../../contract/entities/sip-number';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormSelect } from '../entities/fields/FormSelect';
import type { FormRef } from '../entities/form-types';
import { Badge } from '../kit/Badge';
import { Card } from '../kit/Card';
import type { SipNumberRights } from './sip-number-form';

const selectActive = selectFormValue('is_active');

/**
 * Whether the number works, and whether it is a system number. Each part shows
 * as an input only with its permission (activate, mark system); else as text.
 */
export function StateSection({ formRef, rights }: { formRef: FormRef; rights: SipNumberRights }) {
  const { t } = useTranslation('numbers');
  const active = useSelector(formRef, selectActive) === true;
  return (
    <Card title={t('form.sections.state')}>
      <div className="space-y-3">
        {rights.activate ? (
          <FormCheckbox formRef={formRef} field="is_active" label={t('fields.is_active')} />
        ) : (
          <p className="flex items-center gap-2 text-sm">
            <Badge tone={active ? 'success' : 'danger'}>{active ? t('status.active') : t('status.inactive')}</Badge>
            <span className="text-xs text-muted">{t('form.activateHint')}</span>
          </p>
        )}
        {rights.markSystem ? (
          <>
            <FormCheckbox formRef={formRef} field="is_reserved" label={t('fields.is_reserved')} />
            <FormSelect
              formRef={formRef}
              field="purpose"
              label={t('fields.purpose')}
              options={[
                { value: '', label: t('purposes.none') },
                ...SIP_NUMBER_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) })),
              ]}
            />
            <p className="text-xs text-muted">{t('form.masterHint')}</p>
          </>
        ) : null}
      </div>
    </Card>
  );
}
