import type { TFunction } from 'i18next';
import { DEVICE_TASK_KINDS, DEVICE_TASK_STATUSES } from '../../contract/entities/device-task';
import type { FilterDef } from '../entities/filters';
import type { PickerSpec } from '../entities/use-pickers';
import { kindText, statusText } from './task-texts';

/** The task list's filters: device (picker, `has`), status and kind (`equals`). */
export function taskFilters(t: TFunction, devices: PickerSpec): FilterDef[] {
  return [
    {
      kind: 'relation',
      field: 'device',
      label: t('deviceTasks:fields.device'),
      picker: devices,
      labels: devices.labels,
    },
    {
      kind: 'choice',
      field: 'status',
      label: t('deviceTasks:fields.status'),
      rule: 'equals',
      choices: DEVICE_TASK_STATUSES.map((status) => ({ value: status, label: statusText(t, status) })),
    },
    {
      kind: 'choice',
      field: 'kind',
      label: t('deviceTasks:fields.kind'),
      rule: 'equals',
      choices: DEVICE_TASK_KINDS.map((kind) => ({ value: kind, label: kindText(t, kind) })),
    },
  ];
}
