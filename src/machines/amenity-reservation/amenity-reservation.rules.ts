import type { SlotPiece } from '../../contract/amenity-slots';
import type { AmenitySlotState, AmenityState } from '../../contract/entities/amenity';
import { isCancelableStatus, isEditableStatus, type Reservation } from '../../contract/entities/amenity-reservation';
import type { AmenityReservationContext, SaveInput } from './amenity-reservation.types';

/**
 * Pure rules of the reservation flow: which slots can be chosen, what a save sends, what the
 * stored reservation allows. The server decides; these keep the console from offering what it
 * would refuse.
 */

const same = (a: SlotPiece, b: SlotPiece) => a.from === b.from && a.to === b.to;
export const sortSlots = (slots: readonly SlotPiece[]) => [...slots].sort((a, b) => a.from - b.from);

/** The persons this reservation already holds in a slot of the day shown (editing gives them back). */
export function ownPersons(
  context: Pick<AmenityReservationContext, 'reservation' | 'amenity' | 'date'>,
  slot: SlotPiece,
) {
  const r = context.reservation;
  if (!r || r.amenity_id !== context.amenity?.id || r.date !== context.date) return 0;
  if (r.status === 'canceled' || r.status === 'expired') return 0;
  return r.time_slots.some((s) => same(s, slot)) ? r.number_of_persons : 0;
}

/** Places this flow may use in a slot: those left, plus its own when editing. */
export function placesFor(
  context: Pick<AmenityReservationContext, 'reservation' | 'amenity' | 'date'>,
  slot: AmenitySlotState,
) {
  return slot.places_left + ownPersons(context, slot);
}

/** A slot of the day shown that has not ended. */
export const isOpenSlot = (day: AmenityState | null, slot: SlotPiece) =>
  day?.slots.some((s) => same(s, slot) && !s.ended) ?? false;

/** Toggles a slot in the choice (only open slots of the day are added). */
export function toggleSlot(context: AmenityReservationContext, slot: SlotPiece): SlotPiece[] {
  if (context.slots.some((s) => same(s, slot))) return context.slots.filter((s) => !same(s, slot));
  if (!isOpenSlot(context.day, slot)) return context.slots;
  return sortSlots([...context.slots, { from: slot.from, to: slot.to }]);
}

/** The chosen slots the day still offers (a fresh day drops the others). */
export const keepOffered = (slots: readonly SlotPiece[], day: AmenityState) => slots.filter((s) => isOpenSlot(day, s));

/** Persons within the amenity's bounds. */
export function personsOk(context: AmenityReservationContext): boolean {
  const bounds = context.day?.number_of_persons;
  if (!bounds) return false;
  return Number.isInteger(context.persons) && context.persons >= bounds.min && context.persons <= bounds.max;
}

/** Chosen slots without room for the persons (the day as last read). */
export function fullSlots(context: AmenityReservationContext): SlotPiece[] {
  return context.slots.filter((slot) => {
    const state = context.day?.slots.find((s) => same(s, slot));
    return !state || placesFor(context, state) < context.persons;
  });
}

/** Everything a booking needs is chosen, and the day as last read has room for it. */
export const canSubmit = (context: AmenityReservationContext) =>
  context.amenity !== null &&
  context.date !== null &&
  context.slots.length > 0 &&
  personsOk(context) &&
  fullSlots(context).length === 0;

/** The payload of 7.7 for the current choice. */
export function saveInput(context: AmenityReservationContext): SaveInput {
  return {
    id: context.id,
    body: {
      amenity_id: context.amenity?.id ?? 0,
      date: context.date ?? '',
      time_slots: sortSlots(context.slots),
      number_of_persons: context.persons,
      ...(context.holder ? { user_id: context.holder.id } : {}),
      user_offset: context.userOffset,
    },
  };
}

/** The choice a stored reservation stands for. */
export const fromReservation = (r: Reservation) => ({
  amenity: { id: r.amenity.id, name: r.amenity.name },
  date: r.date,
  slots: sortSlots(r.time_slots),
  persons: r.number_of_persons,
  holder: r.user ? { id: r.user.id, name: r.user.name } : null,
});

export const isEditable = (r: Reservation | null) => r !== null && isEditableStatus(r.status);
export const isCancelable = (r: Reservation | null) => r !== null && isCancelableStatus(r.status);

/** A refusal because the places were taken meanwhile (8.2 "no free places"). */
export const isConflict = (failure: { code?: string; status?: number } | null | undefined) =>
  failure?.code === 'no free places';
