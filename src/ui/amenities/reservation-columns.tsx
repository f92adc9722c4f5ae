import type { TFunction } from 'i18next';
import type { ReservationListItem } from '../../contract/entities/amenity-reservation';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';
import { formatDay, formatSlots, STATUS_TONES } from './reservation-format';

type Row = ReservationListItem & { [k: string]: unknown };

/** The reservations table: amenity, when, who, persons, status (§4, "in use" for active). */
export function reservationColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    { key: 'amenity', header: t('amenities:fields.amenity'), cell: (x) => x.amenity.name },
    {
      key: 'starts_at',
      header: t('amenities:fields.when'),
      sortField: 'starts_at',
      cell: (x) => (
        <span>
          {formatDay(x.date, locale, 'medium')}
          <span className="block text-[12px] text-muted">{formatSlots(x.time_slots)}</span>
        </span>
      ),
    },
    { key: 'user', header: t('amenities:fields.user'), cell: (x) => x.user?.name ?? '—' },
    {
      key: 'number_of_persons',
      header: t('amenities:fields.number_of_persons'),
      sortField: 'number_of_persons',
      cell: (x) => x.number_of_persons,
    },
    {
      key: 'status',
      header: t('amenities:fields.status'),
      sortField: 'status',
      cell: (x) => <Badge tone={STATUS_TONES[x.status]}>{t(`amenities:status.${x.status}`)}</Badge>,
    },
  ]);
}
