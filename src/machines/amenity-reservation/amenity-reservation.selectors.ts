import type { SnapshotFrom } from 'xstate';
import type { AmenitySlotState } from '../../contract/entities/amenity';
import type { AmenityReservationMachine } from './amenity-reservation.machine';
import { canSubmit, fullSlots, isCancelable, placesFor } from './amenity-reservation.rules';

type S = SnapshotFrom<AmenityReservationMachine>;

/** The step of the flow the page shows. */
export type ReservationStep =
  | 'loading'
  | 'loadFailed'
  | 'viewing'
  | 'amenity'
  | 'date'
  | 'day'
  | 'dayFailed'
  | 'confirming'
  | 'saving'
  | 'reserved'
  | 'confirmingCancel'
  | 'cancelling'
  | 'canceled';

export function selectStep(s: S): ReservationStep {
  if (s.matches('loadingReservation')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('viewing')) return 'viewing';
  if (s.matches('choosingAmenity')) return 'amenity';
  if (s.matches('choosingDate')) return 'date';
  if (s.matches('loadingDay')) return 'day';
  if (s.matches('dayFailed')) return 'dayFailed';
  if (s.matches({ day: 'confirming' })) return 'confirming';
  if (s.matches({ day: 'saving' })) return 'saving';
  if (s.matches('day')) return 'day';
  if (s.matches('reserved')) return 'reserved';
  if (s.matches('confirmingCancel')) return 'confirmingCancel';
  if (s.matches('cancelling')) return 'cancelling';
  return 'canceled';
}

export const selectIsEditing = (s: S) => s.context.id !== null && !s.matches('reserved');
export const selectReservation = (s: S) => s.context.reservation;
export const selectReservationId = (s: S) => s.context.id;
export const selectAmenity = (s: S) => s.context.amenity;
export const selectDate = (s: S) => s.context.date;
export const selectHolder = (s: S) => s.context.holder;
export const selectPersons = (s: S) => s.context.persons;
export const selectChosenSlots = (s: S) => s.context.slots;
export const selectFailure = (s: S) => s.context.failure;
/** Someone took the places meanwhile; the day shown is fresh. */
export const selectConflict = (s: S) => s.context.conflict;
export const selectDay = (s: S) => s.context.day;
/** The day is being read (first time, again after a change elsewhere, or after a conflict). */
export const selectDayLoading = (s: S) =>
  s.matches('loadingDay') || s.matches({ day: 'refreshing' }) || s.matches({ day: 'conflict' });
/** Amenity, date, holder, slots and persons can change now. */
export const selectCanChoose = (s: S) =>
  s.matches('choosingAmenity') || s.matches('choosingDate') || s.matches('dayFailed') || s.matches({ day: 'choosing' });
export const selectCanChooseSlots = (s: S) => s.matches({ day: 'choosing' }) || s.matches({ day: 'refreshing' });
export const selectCanSubmit = (s: S) => s.matches({ day: 'choosing' }) && canSubmit(s.context);
export const selectIsConfirming = (s: S) => s.matches({ day: 'confirming' });
export const selectIsSaving = (s: S) => s.matches({ day: 'saving' });
/** Chosen slots the day as last read has no room for (the persons chosen). */
export const selectFullSlots = (s: S) => fullSlots(s.context);
/** Places this flow may use in a slot (its own count back when editing). */
export const selectPlacesFor = (s: S) => (slot: AmenitySlotState) => placesFor(s.context, slot);
export const selectCanCancel = (s: S) =>
  (s.matches('viewing') || s.matches({ day: 'choosing' })) &&
  s.context.id !== null &&
  isCancelable(s.context.reservation);
export const selectIsConfirmingCancel = (s: S) => s.matches('confirmingCancel');
export const selectIsCancelling = (s: S) => s.matches('cancelling');
