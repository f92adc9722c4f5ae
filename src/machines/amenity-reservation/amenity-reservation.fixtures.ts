import type { SnapshotFrom } from 'xstate';
import type { AmenityState } from '../../contract/entities/amenity';
import type { Reservation } from '../../contract/entities/amenity-reservation';
import { type AmenityReservationMachine, amenityReservationMachine } from './amenity-reservation.machine';
import type { AmenityReservationContext } from './amenity-reservation.types';

const H = 3600;
export const sampleAmenity = { id: 3, name: 'Gym' };
export const SAMPLE_DATE = '2030-03-04';

const slot = (from: number, booked: number, ended = false) => ({
  from: from * H,
  to: (from + 1) * H,
  number_of_persons: booked,
  places_left: 5 - booked,
  starts_at: `${SAMPLE_DATE}T${String(from).padStart(2, '0')}:00:00.000Z`,
  ends_at: `${SAMPLE_DATE}T${String(from + 1).padStart(2, '0')}:00:00.000Z`,
  ended,
});

/** The gym on a Monday: 07:00 has ended, 09:00 is full, 10:00 has two places left. */
export const sampleDay: AmenityState = {
  amenity_id: sampleAmenity.id,
  date: SAMPLE_DATE,
  week_day: 'mon',
  time_zone: 'UTC',
  number_of_persons: { min: 1, max: 5 },
  slots: [slot(7, 1, true), slot(8, 2), slot(9, 5), slot(10, 3), slot(11, 0)],
};
/** The same day after someone took the last places at 10:00. */
export const takenDay: AmenityState = {
  ...sampleDay,
  slots: sampleDay.slots.map((s) => (s.from === 10 * H ? { ...s, number_of_persons: 5, places_left: 0 } : s)),
};

export const sampleReservation: Reservation = {
  id: 41,
  amenity_id: sampleAmenity.id,
  amenity: { ...sampleAmenity, address: 'Building A, ground floor' },
  date: SAMPLE_DATE,
  user_id: 5,
  user: { id: 5, name: 'Rita Resident', email: 'resident@example.com' },
  identifier: { id: 77, type: 'qr', value: 'AR-3F9C2A7B11D04E5F6A7B8C9D' },
  number_of_persons: 2,
  created_at: '2030-03-01T10:00:00.000Z',
  created_by_user: { id: 5, name: 'Rita Resident' },
  status: 'reserved',
  time_slots: [{ from: 8 * H, to: 9 * H }],
  user_offset: 0,
  time_zone: 'UTC',
  starts_at: `${SAMPLE_DATE}T08:00:00.000Z`,
  ends_at: `${SAMPLE_DATE}T09:00:00.000Z`,
  canceled_at: null,
  amenity_state: sampleDay,
};
export const inUseReservation: Reservation = { ...sampleReservation, status: 'active' };
export const canceledReservation: Reservation = {
  ...sampleReservation,
  status: 'canceled',
  identifier: null,
  canceled_at: '2030-03-02T09:00:00.000Z',
};

const base: AmenityReservationContext = {
  id: null,
  reservation: null,
  amenity: null,
  date: null,
  day: null,
  slots: [],
  persons: 1,
  holder: null,
  userOffset: 0,
  failure: null,
  conflict: false,
};
const snapshot = (
  value: Parameters<typeof amenityReservationMachine.resolveState>[0]['value'],
  context: Partial<AmenityReservationContext>,
) => amenityReservationMachine.resolveState({ value, context: { ...base, ...context } });

const chosen = {
  amenity: sampleAmenity,
  date: SAMPLE_DATE,
  day: sampleDay,
  slots: [{ from: 10 * H, to: 11 * H }],
  persons: 2,
};
const editing = {
  id: sampleReservation.id,
  reservation: sampleReservation,
  amenity: sampleAmenity,
  date: SAMPLE_DATE,
  day: sampleDay,
  slots: sampleReservation.time_slots,
  persons: 2,
  holder: { id: 5, name: 'Rita Resident' },
};

/** One snapshot per state of the reservation flow. */
export const amenityReservationFixtures = {
  loadingReservation: snapshot('loadingReservation', { id: sampleReservation.id }),
  loadFailed: snapshot('loadFailed', { id: sampleReservation.id, failure: { code: 'item not found', status: 404 } }),
  viewing: snapshot('viewing', { ...editing, reservation: inUseReservation }),
  choosingAmenity: snapshot('choosingAmenity', {}),
  choosingDate: snapshot('choosingDate', { amenity: sampleAmenity }),
  loadingDay: snapshot('loadingDay', { amenity: sampleAmenity, date: SAMPLE_DATE }),
  dayFailed: snapshot('dayFailed', { amenity: sampleAmenity, date: SAMPLE_DATE, failure: { code: 'network' } }),
  choosing: snapshot({ day: 'choosing' }, chosen),
  choosingRefused: snapshot(
    { day: 'choosing' },
    {
      ...chosen,
      failure: { code: 'date or time must be in the future', status: 400 },
    },
  ),
  choosingAfterConflict: snapshot({ day: 'choosing' }, { ...chosen, day: takenDay, conflict: true }),
  editing: snapshot({ day: 'choosing' }, editing),
  refreshing: snapshot({ day: 'refreshing' }, chosen),
  confirming: snapshot({ day: 'confirming' }, chosen),
  saving: snapshot({ day: 'saving' }, chosen),
  conflict: snapshot({ day: 'conflict' }, { ...chosen, conflict: true }),
  reserved: snapshot('reserved', { ...chosen, id: 42 }),
  confirmingCancel: snapshot('confirmingCancel', editing),
  cancelling: snapshot('cancelling', editing),
  canceled: snapshot('canceled', { ...editing, reservation: canceledReservation }),
} satisfies Record<string, SnapshotFrom<AmenityReservationMachine>>;
