import type { TFunction } from 'i18next';
import type { DeviceListItem } from '../../contract/entities/device';
import { DeviceSyncBadge } from '../device-tasks/DeviceSyncBadge';
import { asColumns, type ColumnDef } from '../entities/columns';
import { DeviceStatusBadge } from './DeviceStatus';

type Row = DeviceListItem & { [k: string]: unknown };

/** The devices table: name and model, type, serial, group, address, live status, protocol. */
export function deviceColumns(t: TFunction): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'name',
      header: t('devices:fields.name'),
      sortField: 'name',
      cell: (d) => (
        <span className="min-w-0">
          <span className="block truncate">{d.name}</span>
          <span className="block text-xs font-normal text-muted">{d.model}</span>
        </span>
      ),
    },
    {
      key: 'type',
      header: t('devices:fields.type'),
      sortField: 'type',
      className: 'w-36',
      cell: (d) => t(`devices:types.${d.type}`),
    },
    {
      key: 'serial_number',
      header: t('devices:columns.serial'),
      sortField: 'serial_number',
      className: 'w-44',
      cell: (d) =>
        d.serial_number ? (
          <span className="font-mono text-[12px] whitespace-nowrap">{d.serial_number}</span>
        ) : (
          <span className="text-muted">{t('devices:none')}</span>
        ),
    },
    {
      key: 'domain',
      header: t('devices:fields.domain'),
      className: 'w-44',
      cell: (d) => d.domain?.name ?? <span className="text-muted">{t('devices:none')}</span>,
    },
    {
      key: 'ip_address',
      header: t('devices:columns.address'),
      sortField: 'ip_address',
      className: 'w-36',
      cell: (d) =>
        d.ip_address ? (
          <span className="font-mono text-[12px] whitespace-nowrap">
            {d.ip_address}
            <span className="text-muted">:{d.port}</span>
          </span>
        ) : (
          <span className="text-muted">{t('devices:none')}</span>
        ),
    },
    {
      key: 'status',
      header: t('devices:fields.status'),
      className: 'w-40',
      // Live status, and under it whether the device holds what the server wants (its tasks, its settings).
      cell: (d) => (
        <span className="flex flex-col items-start gap-1">
          <DeviceStatusBadge status={d.device_info.status} since={d.device_info.last_seen} />
          <DeviceSyncBadge sync={d.sync} />
        </span>
      ),
    },
    {
      key: 'protocol',
      header: t('devices:fields.protocol'),
      sortField: 'protocol',
      className: 'w-24',
      cell: (d) => t(`devices:protocols.${d.protocol}`),
    },
  ]);
}
