import type { TFunction } from 'i18next';
import type { DeviceEvent } from '../../contract/entities/device-event';
import { formatInstant } from '../call-history/call-format';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge, type BadgeTone } from '../kit/Badge';

type Row = DeviceEvent & { [k: string]: unknown };

const TONES: Record<string, BadgeTone> = {
  'access.denied': 'danger',
  'alarm.raised': 'danger',
  'alarm.cleared': 'success',
  'door.opened': 'success',
  'identifier.used': 'info',
  'backlog.dropped': 'warning',
};

/** The details of an event worth a column: who, why, where. */
const DETAIL_KEYS = [
  'identifier',
  'plate',
  'reason',
  'relay',
  'floor',
  'apartment',
  'button',
  'sensor',
  'count',
] as const;

function Details({ event, t }: { event: DeviceEvent; t: TFunction }) {
  const parts = DETAIL_KEYS.flatMap((key) => {
    const value = event.data[key];
    return value === undefined || value === null || value === ''
      ? []
      : [`${t(`deviceEvents:details.${key}`)}: ${String(value)}`];
  });
  return <span className="text-xs text-muted">{parts.join(' · ')}</span>;
}

/**
 * The events table: device time, device, type, details, when the server received it; `extra`
 * columns (the elevator events' elevator) come right after the time.
 */
export function eventColumns(t: TFunction, locale: string, extra: ColumnDef[] = []): ColumnDef[] {
  const [time, ...rest] = asColumns<Row>([
    {
      key: 'occurred_at',
      header: t('deviceEvents:fields.occurred_at'),
      sortField: 'occurred_at',
      className: 'w-44',
      cell: (e) => formatInstant(e.occurred_at, locale),
    },
    { key: 'device', header: t('deviceEvents:fields.device'), cell: (e) => e.device.name },
    {
      key: 'type',
      header: t('deviceEvents:fields.type'),
      sortField: 'type',
      className: 'w-48',
      cell: (e) => (
        <Badge tone={TONES[e.type] ?? 'neutral'}>{t(`deviceEvents:types.${e.type}`, { defaultValue: e.type })}</Badge>
      ),
    },
    { key: 'details', header: t('deviceEvents:fields.details'), cell: (e) => <Details event={e} t={t} /> },
    {
      key: 'received_at',
      header: t('deviceEvents:fields.received_at'),
      sortField: 'received_at',
      className: 'w-44',
      cell: (e) => <span className="text-xs text-muted">{formatInstant(e.received_at, locale)}</span>,
    },
  ]);
  return time ? [time, ...extra, ...rest] : rest;
}
