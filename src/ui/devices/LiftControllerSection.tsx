import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LIFT_DEVICE_MODES } from '../../contract/constants';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';
import { useDeviceFields } from './device-fields';
import { FloorMapEditor } from './FloorMapEditor';

/** The lift controller: on or off, its mode and relays, release times, and the floor map. */
export function LiftControllerSection({ formRef }: { formRef: FormRef }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  const enabled = useSelector(formRef, selectFormValue('lift_controller.enabled')) === true;
  // A lift controller always has its floor map; a panel or controller that calls a lift, once that is on.
  const isLiftController = useSelector(formRef, selectFormValue('type')) === 'liftcontroller';
  const s = 'lift_controller.settings';
  return (
    <Card title={t('sections.lift_controller')}>
      <div className="space-y-3">
        {f.check('lift_controller.enabled')}
        {enabled ? (
          <>
            <FormRow columns={3}>
              {f.select(`${s}.device_mode`, [
                { value: '', label: t('form.choose') },
                ...LIFT_DEVICE_MODES.map((m) => ({ value: m, label: t(`liftModes.${m}`) })),
              ])}
              {f.text(`${s}.relay_mode`)}
              {f.number(`${s}.relay_open_time`, { hint: t('form.seconds') })}
            </FormRow>
            <FormRow columns={3}>
              {f.number(`${s}.lift_release_time.card`, { hint: t('form.seconds') })}
              {f.number(`${s}.lift_release_time.api`, { hint: t('form.seconds') })}
              <div className="flex items-end pb-2">{f.check(`${s}.invert_all_relays`)}</div>
            </FormRow>
          </>
        ) : null}
        {enabled || isLiftController ? <FloorMapEditor formRef={formRef} /> : null}
      </div>
    </Card>
  );
}
