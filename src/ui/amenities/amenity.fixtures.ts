import type { Amenity } from '../../contract/entities/amenity';
import type { ReservationListItem } from '../../contract/entities/amenity-reservation';
import { sampleReservation } from '../../machines/amenity-reservation/amenity-reservation.fixtures';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { amenityForm } from './amenity-form';

const H = 3600;
const created = '2030-03-01T09:00:00.000Z';

export const sampleAmenities: Amenity[] = [
  {
    id: 3,
    name: 'Gym',
    address: 'Building A, ground floor',
    description: 'Cardio machines and free weights.',
    domains: [{ id: 1, name: 'Riverside Residence' }],
    access_rules: [{ id: 5, name: 'Gym — reservations' }],
    number_of_persons: { min: 1, max: 12 },
    time_slots: {
      duration: H,
      items: [
        { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 6 * H, to: 12 * H },
        { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 16 * H, to: 22 * H },
        { days: ['sat', 'sun'], from: 8 * H, to: 20 * H },
      ],
    },
    files: { image: null, terms_of_use: null },
    created_at: created,
    created_by_user: { id: 1, name: 'Administrator' },
  },
  {
    id: 4,
    name: 'Meeting room',
    address: 'Building A, first floor',
    description: null,
    domains: [{ id: 1, name: 'Riverside Residence' }],
    access_rules: [{ id: 6, name: 'Meeting room — reservations' }],
    number_of_persons: { min: 1, max: 10 },
    time_slots: { duration: 1800, items: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 8 * H, to: 20 * H }] },
    files: {
      image: null,
      terms_of_use: {
        originalUrl: '/api/v0/uploads/amenities/4-terms.pdf',
        url: '/api/v0/uploads/amenities/4-terms.pdf',
        action: 'none',
        file: null,
        name: 'meeting-room-rules.pdf',
      },
    },
    created_at: created,
    created_by_user: { id: 1, name: 'Administrator' },
  },
];

const { amenity_state: _state, ...listRow } = sampleReservation;
export const sampleReservations: ReservationListItem[] = [
  listRow,
  {
    ...listRow,
    id: 40,
    status: 'active',
    time_slots: [{ from: 7 * H, to: 8 * H }],
    user: { id: 6, name: 'Sam Staff', email: null },
  },
  { ...listRow, id: 39, status: 'canceled', identifier: null, number_of_persons: 1 },
];

/** Snapshots of the amenity pages for stories and tests. */
export const amenityFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleAmenities as unknown as ListRow[], total: 2, lastPage: 1, defaultSort: ['name'] },
    ),
  },
  reservations: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleReservations as unknown as ListRow[], total: 3, lastPage: 1, defaultSort: ['-starts_at'] },
    ),
  },
  form: {
    creating: entityFormSnapshot(amenityForm, 'editing'),
    editing: entityFormSnapshot(amenityForm, 'editing', { item: sampleAmenities[0] }),
    /** Two slots that overlap on Tuesday, as the server refuses them. */
    overlapping: entityFormSnapshot(amenityForm, 'editing', {
      item: sampleAmenities[1],
      values: {
        items: [
          { days: ['mon', 'tue'], from: 8 * H, to: 12 * H },
          { days: ['tue'], from: 11 * H, to: 13 * H },
        ],
      },
      errors: { 'slots.1': { code: 'slots_intersect', params: { other: 1 } } },
      failure: { code: 'invalid data sent', status: 400 },
    }),
  },
};
