import type { TFunction } from 'i18next';
import type { AlarmState, DeviceAlarm } from '../../contract/entities/device-alarm';
import { formatInstant } from '../call-history/call-format';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge, type BadgeTone } from '../kit/Badge';

type Row = DeviceAlarm & { [k: string]: unknown };

export const ALARM_STATE_TONES: Record<AlarmState, BadgeTone> = {
  enabled: 'danger',
  disabled: 'warning',
  processed: 'success',
};

/** The alarms table: when, device and group, sensor, state, who processed it. */
export function alarmColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'created_at',
      header: t('alarms:fields.raised_at'),
      sortField: 'created_at',
      className: 'w-44',
      cell: (a) => formatInstant(a.raised_at ?? a.created_at, locale),
    },
    {
      key: 'device',
      header: t('alarms:fields.device'),
      cell: (a) => (
        <span className="min-w-0">
          <span className="block">{a.device.name}</span>
          {a.domain ? <span className="block text-xs text-muted">{a.domain.name}</span> : null}
        </span>
      ),
    },
    {
      key: 'sensor',
      header: t('alarms:fields.sensor'),
      sortField: 'sensor',
      className: 'w-36',
      cell: (a) => t(`alarms:sensors.${a.sensor}`),
    },
    {
      key: 'state',
      header: t('alarms:fields.state'),
      sortField: 'state',
      className: 'w-36',
      cell: (a) => <Badge tone={ALARM_STATE_TONES[a.state]}>{t(`alarms:states.${a.state}`)}</Badge>,
    },
    {
      key: 'processed_by',
      header: t('alarms:fields.processed_by'),
      cell: (a) =>
        a.processed_by ? (
          <span className="min-w-0">
            <span className="block">{a.processed_by.name}</span>
            {a.comment ? <span className="block truncate text-xs text-muted">{a.comment}</span> : null}
          </span>
        ) : null,
    },
  ]);
}
