import type { SlotPiece } from '../../contract/amenity-slots';
import type { AmenityState } from '../../contract/entities/amenity';
import type { Reservation, ReservationCreate } from '../../contract/entities/amenity-reservation';
import type { CallFailure } from '../session/session.types';

/** An amenity as the flow holds it (the picker's row). */
export interface AmenityRef {
  id: number;
  name: string;
}

/** Who the reservation is for: null is the caller themselves. */
export interface HolderRef {
  id: number;
  name: string;
}

export interface AmenityReservationInput {
  /** The reservation to change (its page); null books a new one. */
  id: number | null;
  /** An amenity chosen before the flow starts (from the amenity's page). */
  amenity?: AmenityRef | null;
  /** The console's UTC offset in minutes (-getTimezoneOffset()): the zone when the project names none. */
  userOffset: number;
}

export interface AmenityReservationContext {
  id: number | null;
  /** The stored reservation (its page), as last read. */
  reservation: Reservation | null;
  amenity: AmenityRef | null;
  date: string | null;
  /** The amenity's state on the chosen date (7.7 state by date), as last read. */
  day: AmenityState | null;
  /** The chosen slots, in order. */
  slots: SlotPiece[];
  persons: number;
  holder: HolderRef | null;
  userOffset: number;
  /** Why the last step failed (a catalogue code of 8.2), shown until the next change. */
  failure: CallFailure | null;
  /** Someone took the places meanwhile: the day was read again and the choice must be made again. */
  conflict: boolean;
}

/** What a save sends: the payload of 7.7 (PUT for a new reservation, PATCH with the id). */
export interface SaveInput {
  id: number | null;
  body: ReservationCreate;
}

export type AmenityReservationEvent =
  | { type: 'amenity.choose'; amenity: AmenityRef }
  | { type: 'date.choose'; date: string }
  | { type: 'holder.choose'; holder: HolderRef | null }
  | { type: 'slot.toggle'; slot: SlotPiece }
  | { type: 'persons.change'; persons: number }
  | { type: 'reservation.submit' }
  | { type: 'reservation.confirm' }
  | { type: 'reservation.back' }
  | { type: 'reservation.new' }
  | { type: 'reservation.cancel' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  | { type: 'day.retry' }
  | { type: 'reservation.retry' }
  /** The day's places changed on the server (AmenityStateChanged, or a reconnection). */
  | { type: 'day.changed' };
