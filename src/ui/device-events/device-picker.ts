import { useTranslation } from 'react-i18next';
import { usePageMachines } from '../app/actor-context';
import type { PickerSpec } from '../entities/use-pickers';

/** The devices picker of the events and alarms filters (a device: its name, its serial number). */
export function useDevicePicker(): PickerSpec {
  const { t } = useTranslation('deviceEvents');
  const { entities } = usePageMachines();
  return {
    machine: entities.eventDevices.picker,
    labels: entities.eventDevices.labels,
    title: t('picker.title'),
    searchLabel: t('picker.search'),
    describe: (row) => ({
      primary: String(row.name),
      secondary: typeof row.serial_number === 'string' ? row.serial_number : null,
    }),
  };
}
