import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { PickerDialog } from '../entities/PickerDialog';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { DeviceInitDialog } from './DeviceInitDialog';

/** "Init device…" on the tasks page: pick one device, then its init dialog (the devices pages offer it per device). */
export function InitDeviceAction({ devices }: { devices: PickerSpec }) {
  const { t } = useTranslation('deviceTasks');
  const [step, setStep] = useState<'closed' | 'picking' | { id: number; name: string }>('closed');
  const picked = (rows: ListRow[]) => {
    const row = rows[0];
    setStep(row ? { id: row.id, name: String(row.name) } : 'closed');
  };
  return (
    <>
      <Button variant="primary" onClick={() => setStep('picking')}>
        {t('init.pick')}
      </Button>
      <PickerDialog
        open={step === 'picking'}
        title={t('init.pickTitle')}
        machine={devices.machine}
        input={{ multiple: false }}
        describe={devices.describe}
        searchLabel={devices.searchLabel}
        onConfirm={picked}
        onClose={() => setStep('closed')}
      />
      {typeof step === 'object' ? (
        <DeviceInitDialog deviceId={step.id} deviceName={step.name} onClose={() => setStep('closed')} />
      ) : null}
    </>
  );
}
