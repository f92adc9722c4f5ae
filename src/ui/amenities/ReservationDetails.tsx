import { useTranslation } from 'react-i18next';
import type { Reservation } from '../../contract/entities/amenity-reservation';
import { Badge } from '../kit/Badge';
import { formatDay, formatSlots, STATUS_TONES } from './reservation-format';

/** A stored reservation, read only: amenity, day and slots, persons, holder, status. */
export function ReservationDetails({ reservation }: { reservation: Reservation }) {
  const { t, i18n } = useTranslation('amenities');
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
      <dt className="text-muted">{t('fields.status')}</dt>
      <dd>
        <Badge tone={STATUS_TONES[reservation.status]}>{t(`status.${reservation.status}`)}</Badge>
      </dd>
      <dt className="text-muted">{t('fields.amenity')}</dt>
      <dd>
        {reservation.amenity.name}
        {reservation.amenity.address ? <span className="text-muted"> · {reservation.amenity.address}</span> : null}
      </dd>
      <dt className="text-muted">{t('fields.date')}</dt>
      <dd>{formatDay(reservation.date, i18n.language)}</dd>
      <dt className="text-muted">{t('fields.time_slots')}</dt>
      <dd>{formatSlots(reservation.time_slots)}</dd>
      <dt className="text-muted">{t('fields.number_of_persons')}</dt>
      <dd>{reservation.number_of_persons}</dd>
      <dt className="text-muted">{t('fields.user')}</dt>
      <dd>{reservation.user?.name ?? '—'}</dd>
    </dl>
  );
}
