import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AmenityReservationMachine } from '../../machines/amenity-reservation/amenity-reservation.machine';
import {
  selectAmenity,
  selectCanCancel,
  selectChosenSlots,
  selectDate,
  selectFailure,
  selectHolder,
  selectIsEditing,
  selectPersons,
  selectReservation,
  selectReservationId,
  selectStep,
} from '../../machines/amenity-reservation/amenity-reservation.selectors';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { cx } from '../kit/class-names';
import { ErrorState } from '../kit/ErrorState';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { DayView } from './DayView';
import { ReservationChoice } from './ReservationChoice';
import { ReservationDetails } from './ReservationDetails';
import { formatDay, formatSlots } from './reservation-format';

/** Props of {@link ReservationView}. */
export interface ReservationViewProps {
  reservationRef: ActorRefFrom<AmenityReservationMachine>;
  amenities: PickerSpec;
  users: PickerSpec | null;
  today: string;
  onBack: () => void;
  /** Opens a saved reservation's page (its QR and log). */
  onOpen: (id: number) => void;
  /** The stored reservation's QR and log (its page). */
  extras?: ReactNode;
}

/**
 * /amenities/reservations/add and /:id/edit over the `amenityReservation` actor: the choice
 * (amenity, holder, date), the day with its slots and places, confirm, and the outcome; a stored
 * reservation in use or finished is shown read only; cancelling asks first.
 */
export function ReservationView(props: ReservationViewProps) {
  const { reservationRef } = props;
  const { t, i18n } = useTranslation(['amenities', 'errors', 'common']);
  const step = useSelector(reservationRef, selectStep);
  const editing = useSelector(reservationRef, selectIsEditing);
  const amenity = useSelector(reservationRef, selectAmenity);
  const reservation = useSelector(reservationRef, selectReservation);
  const failure = useSelector(reservationRef, selectFailure);
  const canCancel = useSelector(reservationRef, selectCanCancel);
  const date = useSelector(reservationRef, selectDate);
  const slots = useSelector(reservationRef, selectChosenSlots);
  const persons = useSelector(reservationRef, selectPersons);
  const holder = useSelector(reservationRef, selectHolder);
  const savedId = useSelector(reservationRef, selectReservationId);
  const send = reservationRef.send;
  const title = editing && amenity ? t('reservation.editTitle', { name: amenity.name }) : t('reservation.newTitle');
  // Behind the cancel question: the day of a reservation still to change, else its details.
  const asking = step === 'confirmingCancel' || step === 'cancelling';
  const readOnly = step === 'viewing' || step === 'canceled' || (asking && reservation?.status !== 'reserved');
  const summary = date
    ? t('reservation.summary', {
        name: amenity?.name ?? '',
        date: formatDay(date, i18n.language),
        slots: formatSlots(slots),
        persons,
        holder: holder?.name ?? t('reservation.myself'),
      })
    : '';

  let body: ReactNode;
  if (step === 'loading') body = <Spinner label={t('reservation.loading')} />;
  else if (step === 'loadFailed') {
    body = (
      <ErrorState
        title={t('reservation.loadFailed')}
        message={translateError(t, failure)}
        failure={failure}
        onRetry={() => send({ type: 'reservation.retry' })}
        back={{ label: t('reservation.back'), onClick: props.onBack }}
      />
    );
  } else if (step === 'reserved') {
    body = (
      <Card title={t('reservation.reservedTitle')}>
        <p role="status" className="text-sm">
          {summary}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {savedId !== null ? (
            <Button variant="primary" onClick={() => props.onOpen(savedId)}>
              {t('reservation.open')}
            </Button>
          ) : null}
          <Button onClick={() => send({ type: 'reservation.new' })}>{t('reservation.another')}</Button>
        </div>
      </Card>
    );
  } else if (readOnly) {
    body = reservation ? (
      <div className="space-y-4">
        <Card title={t('reservation.detailsTitle')}>
          {failure ? (
            <p role="alert" className="mb-3 text-sm text-danger-700">
              {translateError(t, failure)}
            </p>
          ) : null}
          <ReservationDetails reservation={reservation} />
          {step === 'canceled' ? (
            <p role="status" className="mt-3 text-sm text-muted">
              {t('reservation.canceled')}
            </p>
          ) : null}
        </Card>
        {props.extras}
      </div>
    ) : null;
  } else {
    body = (
      <div className="space-y-4">
        <Card title={t('reservation.choiceTitle')}>
          <ReservationChoice
            reservationRef={reservationRef}
            amenities={props.amenities}
            users={props.users}
            today={props.today}
          />
        </Card>
        {step === 'dayFailed' ? (
          <ErrorState
            title={t('amenities:day.loadFailed')}
            message={translateError(t, failure)}
            failure={failure}
            onRetry={() => send({ type: 'day.retry' })}
          />
        ) : step === 'amenity' || step === 'date' ? (
          <p className="text-sm text-muted">
            {step === 'amenity' ? t('reservation.pickAmenity') : t('reservation.pickDate')}
          </p>
        ) : (
          <Card title={date ? t('amenities:day.title', { date: formatDay(date, i18n.language) }) : ''}>
            <DayView reservationRef={reservationRef} />
          </Card>
        )}
        {editing ? props.extras : null}
      </div>
    );
  }

  return (
    <div className={cx(pageWidth('readable'), 'space-y-4')}>
      <PageHeader
        title={title}
        actions={
          <>
            {canCancel ? (
              <Button variant="danger" onClick={() => send({ type: 'reservation.cancel' })}>
                {t('reservation.cancel')}
              </Button>
            ) : null}
            <Button onClick={props.onBack}>{t('reservation.back')}</Button>
          </>
        }
      />
      {body}
      <ConfirmDialog
        open={step === 'confirming' || step === 'saving'}
        title={editing ? t('reservation.confirmEditTitle') : t('reservation.confirmTitle')}
        message={summary}
        confirmLabel={editing ? t('reservation.saveChanges') : t('reservation.book')}
        cancelLabel={t('reservation.change')}
        busy={step === 'saving'}
        width="default"
        onConfirm={() => send({ type: 'reservation.confirm' })}
        onCancel={() => (step === 'saving' ? undefined : send({ type: 'reservation.back' }))}
      />
      <ConfirmDialog
        open={step === 'confirmingCancel' || step === 'cancelling'}
        title={t('reservation.cancelTitle')}
        message={t('reservation.cancelBody')}
        confirmLabel={t('reservation.cancelConfirm')}
        cancelLabel={t('reservation.keep')}
        tone="danger"
        busy={step === 'cancelling'}
        width="default"
        onConfirm={() => send({ type: 'cancel.confirm' })}
        onCancel={() => (step === 'cancelling' ? undefined : send({ type: 'cancel.dismiss' }))}
      />
    </div>
  );
}
