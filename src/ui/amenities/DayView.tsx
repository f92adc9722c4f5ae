import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { clockOf } from '../../contract/amenity-slots';
import type { AmenityReservationMachine } from '../../machines/amenity-reservation/amenity-reservation.machine';
import {
  selectCanChooseSlots,
  selectCanSubmit,
  selectChosenSlots,
  selectConflict,
  selectDay,
  selectDayLoading,
  selectFailure,
  selectFullSlots,
  selectIsEditing,
  selectPersons,
  selectPlacesFor,
} from '../../machines/amenity-reservation/amenity-reservation.selectors';
import { Button } from '../kit/Button';
import { cx } from '../kit/class-names';
import { Spinner } from '../kit/Spinner';
import { TextField } from '../kit/TextField';
import { translateError } from '../kit/translate-error';

/**
 * The day of a booking: each slot of the amenity that date with the places left (live: another
 * booking elsewhere updates it), chosen by pressing it; the persons; and Book. A conflict (someone
 * took the places meanwhile) and any refusal of 8.2 are said here, over the fresh day.
 */
export function DayView({ reservationRef }: { reservationRef: ActorRefFrom<AmenityReservationMachine> }) {
  const { t } = useTranslation(['amenities', 'errors']);
  const day = useSelector(reservationRef, selectDay);
  const chosen = useSelector(reservationRef, selectChosenSlots);
  const persons = useSelector(reservationRef, selectPersons);
  const placesFor = useSelector(reservationRef, selectPlacesFor);
  const full = useSelector(reservationRef, selectFullSlots);
  const conflict = useSelector(reservationRef, selectConflict);
  const failure = useSelector(reservationRef, selectFailure);
  const loading = useSelector(reservationRef, selectDayLoading);
  const canChoose = useSelector(reservationRef, selectCanChooseSlots);
  const canSubmit = useSelector(reservationRef, selectCanSubmit);
  const editing = useSelector(reservationRef, selectIsEditing);
  if (!day) return loading ? <Spinner label={t('amenities:day.loading')} /> : null;
  const bounds = day.number_of_persons;
  const isChosen = (from: number) => chosen.some((s) => s.from === from);
  const isFull = (from: number) => full.some((s) => s.from === from);
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-[13px] text-muted">{t('amenities:day.hint')}</p>
        {loading ? (
          <span role="status" className="flex items-center gap-1.5 text-[12px] text-muted">
            <Spinner size="sm" /> {t('amenities:day.updating')}
          </span>
        ) : null}
      </div>
      {conflict ? (
        <p role="alert" className="rounded-md border border-warning-600 bg-warning-50 px-3 py-2 text-sm">
          {t('amenities:day.conflict')}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-md border border-danger-600 bg-danger-50 px-3 py-2 text-sm text-danger-700">
          {translateError(t, failure)}
        </p>
      ) : null}
      {day.slots.length === 0 ? (
        <p className="text-sm text-muted">{t('amenities:day.none')}</p>
      ) : (
        <ul aria-label={t('amenities:day.slots')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {day.slots.map((slot) => {
            const left = placesFor(slot);
            const on = isChosen(slot.from);
            const state = slot.ended
              ? t('amenities:day.ended')
              : left <= 0
                ? t('amenities:day.full')
                : t('amenities:day.left', { count: left });
            const time = `${clockOf(slot.from)}–${clockOf(slot.to)}`;
            return (
              <li key={slot.from}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={`${time}, ${state}`}
                  disabled={!canChoose || (!on && (slot.ended || left <= 0))}
                  onClick={() => reservationRef.send({ type: 'slot.toggle', slot: { from: slot.from, to: slot.to } })}
                  className={cx(
                    'w-full rounded-md border px-2.5 py-1.5 text-left transition-colors disabled:cursor-not-allowed',
                    on
                      ? isFull(slot.from)
                        ? 'border-danger-600 bg-danger-50'
                        : 'border-brand-600 bg-brand-600 text-white'
                      : 'border-line bg-surface hover:bg-canvas disabled:bg-canvas disabled:text-muted',
                  )}
                >
                  <span className="block text-sm font-medium">{time}</span>
                  <span className={cx('block text-[12px]', on && !isFull(slot.from) ? 'text-white/90' : 'text-muted')}>
                    {state}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label={t('amenities:fields.number_of_persons')}
          type="number"
          min={bounds.min}
          max={bounds.max}
          value={String(persons)}
          disabled={!canChoose}
          hint={t('amenities:day.persons', { min: bounds.min, max: bounds.max })}
          onChange={(event) => reservationRef.send({ type: 'persons.change', persons: Number(event.target.value) })}
          className="w-48"
        />
        <Button
          variant="primary"
          disabled={!canSubmit}
          onClick={() => reservationRef.send({ type: 'reservation.submit' })}
        >
          {editing ? t('amenities:reservation.saveChanges') : t('amenities:reservation.book')}
        </Button>
      </div>
      {full.length > 0 && chosen.length > 0 ? (
        <p className="text-[13px] text-danger-700">{t('amenities:day.noRoom')}</p>
      ) : null}
    </div>
  );
}
