import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { RESERVATION_FIELD_RULES } from '../../contract/entities/amenity-reservation';
import { selectReservation } from '../../machines/amenity-reservation/amenity-reservation.selectors';
import { selectProfile } from '../../machines/session/session.selectors';
import { usePageMachines, useSessionActor } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useFieldRule, useMayCall } from '../entities/use-access';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { ReservationLog, ReservationQr } from './ReservationExtras';
import { ReservationView } from './ReservationView';
import { localToday } from './reservation-format';

const LIST = '/amenities/reservations';

/** /amenities/reservations/add (`?amenity=<id>&name=<name>` preselects one) and /:id/edit: the booking actor. */
export function ReservationPage() {
  const { id } = useParams();
  if (id !== undefined && !/^[1-9]\d{0,9}$/.test(id)) return <NotFoundPage />;
  return <Reservation key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function Reservation({ id }: { id: number | null }) {
  const machines = usePageMachines();
  const pickers = usePickers();
  const [search] = useSearchParams();
  const { closePage, openPage } = usePageStack();
  const preset = Number(search.get('amenity'));
  const [input] = useState(() => ({
    id,
    amenity: id === null && preset > 0 ? { id: preset, name: search.get('name') ?? `#${preset}` } : null,
    userOffset: -new Date().getTimezoneOffset(),
  }));
  const ref = useActorRef(machines.amenityReservation, { input });
  const reservation = useSelector(ref, selectReservation);
  const self = useSelector(useSessionActor(), selectProfile)?.id ?? null;
  const forOthers = useFieldRule(RESERVATION_FIELD_RULES.bookForOthers);
  const mayReadLogs = useMayCall('GET /amenities/reservations/{id}/logs');
  const stored = reservation && id !== null ? reservation : null;
  const showQr = stored?.identifier && (stored.user_id === self || forOthers);
  // Loaders made once per reservation (and again when its QR changes hands).
  const [qr] = useState(() => new Map<string, ReturnType<typeof machines.reservationQr>>());
  const qrKey = stored?.identifier ? `${stored.id}:${stored.identifier.value}` : '';
  if (qrKey && !qr.has(qrKey) && stored) qr.set(qrKey, machines.reservationQr(stored.id));
  const qrLoader = qrKey ? qr.get(qrKey) : undefined;
  const [logs] = useState(() => (id === null ? null : machines.reservationLogs(id)));
  const extras =
    stored || logs ? (
      <div className="grid gap-4 md:grid-cols-2">
        {showQr && stored && qrLoader ? (
          <ReservationQr key={qrKey} loader={qrLoader} name={`${stored.amenity.name} ${stored.date}`} />
        ) : null}
        {mayReadLogs && logs && stored ? <ReservationLog key={stored.status} loader={logs} /> : null}
      </div>
    ) : null;
  return (
    <ReservationView
      reservationRef={ref}
      amenities={pickers.amenities}
      users={forOthers ? pickers.users : null}
      today={localToday()}
      onBack={() => closePage(LIST)}
      onOpen={(saved) => openPage(`${LIST}/${saved}/edit`)}
      extras={extras}
    />
  );
}
