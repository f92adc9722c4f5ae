import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { isCalendarDate } from '../../contract/amenity-slots';
import type { AmenityReservationMachine } from '../../machines/amenity-reservation/amenity-reservation.machine';
import {
  selectAmenity,
  selectCanChoose,
  selectDate,
  selectHolder,
} from '../../machines/amenity-reservation/amenity-reservation.selectors';
import type { PickerSpec } from '../entities/use-pickers';
import { TextField } from '../kit/TextField';
import { PickerChoice } from './PickerChoice';

/** Props of {@link ReservationChoice}. */
export interface ReservationChoiceProps {
  reservationRef: ActorRefFrom<AmenityReservationMachine>;
  amenities: PickerSpec;
  /** Set when the caller may book for others (their edit scope reaches beyond themselves). */
  users: PickerSpec | null;
  /** The earliest date offered (the browser's today). */
  today: string;
}

/** What is booked, for whom and when: the amenity (its picker), the holder (for staff), the date. */
export function ReservationChoice({ reservationRef, amenities, users, today }: ReservationChoiceProps) {
  const { t } = useTranslation('amenities');
  const amenity = useSelector(reservationRef, selectAmenity);
  const date = useSelector(reservationRef, selectDate);
  const holder = useSelector(reservationRef, selectHolder);
  const canChoose = useSelector(reservationRef, selectCanChoose);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PickerChoice
        label={t('fields.amenity')}
        value={amenity?.name ?? t('reservation.chooseAmenity')}
        picker={amenities}
        disabled={!canChoose}
        onChoose={(row) =>
          reservationRef.send({ type: 'amenity.choose', amenity: { id: row.id, name: String(row.name) } })
        }
      />
      <TextField
        label={t('fields.date')}
        type="date"
        min={today}
        value={date ?? ''}
        disabled={!canChoose || amenity === null}
        onChange={(event) => {
          const value = event.target.value;
          if (isCalendarDate(value)) reservationRef.send({ type: 'date.choose', date: value });
        }}
      />
      {users ? (
        <PickerChoice
          label={t('fields.user')}
          value={holder?.name ?? t('reservation.myself')}
          picker={users}
          disabled={!canChoose}
          extra={
            holder
              ? {
                  label: t('reservation.forMyself'),
                  onClick: () => reservationRef.send({ type: 'holder.choose', holder: null }),
                }
              : null
          }
          onChoose={(row) =>
            reservationRef.send({ type: 'holder.choose', holder: { id: row.id, name: String(row.name) } })
          }
        />
      ) : null}
    </div>
  );
}
