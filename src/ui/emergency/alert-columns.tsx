import type { TFunction } from 'i18next';
import type { EmergencyAlert } from '../../contract/entities/emergency-alert';
import { asColumns, type ColumnDef } from '../entities/columns';
import { formatDateTime } from '../kit/format-date';
import { AlertStatus } from './AlertStatus';

/** The alerts table: name, device type, duration, locks, where it plays, state. */
export function alertColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<EmergencyAlert & { [k: string]: unknown }>([
    { key: 'name', header: t('emergency:columns.name'), sortField: 'name', cell: (a) => a.name },
    {
      key: 'device_type',
      header: t('emergency:columns.device_type'),
      sortField: 'device_type',
      className: 'w-40',
      cell: (a) => t(`emergency:deviceType.${a.device_type}`),
    },
    {
      key: 'playback_duration',
      header: t('emergency:columns.playback_duration'),
      sortField: 'playback_duration',
      className: 'w-28 text-right',
      cell: (a) => t('emergency:seconds', { count: a.playback_duration }),
    },
    {
      key: 'open_locks',
      header: t('emergency:columns.open_locks'),
      sortField: 'open_locks',
      className: 'w-28',
      cell: (a) => (a.open_locks ? t('emergency:yes') : t('emergency:no')),
    },
    {
      key: 'targets',
      header: t('emergency:columns.targets'),
      cell: (a) => [...a.domains, ...a.devices].map((x) => x.name).join(', '),
    },
    {
      key: 'status',
      header: t('emergency:columns.status'),
      sortField: 'status',
      className: 'w-36',
      cell: (a) => <AlertStatus status={a.status} />,
    },
    {
      key: 'started_at',
      header: t('emergency:columns.started_at'),
      sortField: 'started_at',
      className: 'w-44 whitespace-nowrap',
      cell: (a) => formatDateTime(a.started_at, locale),
    },
  ]);
}
