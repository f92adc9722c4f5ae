import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema, PUBLIC } from '../call';
import { AMENITY_LIMITS } from '../constants';
import { AMENITY_EDIT, AMENITY_VIEW, AmenitySchema, AmenityStateSchema, amenitiesEntity } from '../entities/amenity';
import {
  amenityReservationsEntity,
  DateSchema,
  RESERVATION_EDIT,
  RESERVATION_VIEW,
  ReservationLogEntrySchema,
  ReservationSchema,
} from '../entities/amenity-reservation';
import { entityCalls } from '../entity';
import type { Permission } from '../permissions';

const licensed = (permissions: readonly Permission[]) => anyOf(permissions, ['amenity']);
const editors = licensed(AMENITY_EDIT);
const file = (name: 'image' | 'file', maxBytes: number) => ({
  fields: v.object({}),
  files: { [name]: { maxBytes, required: true } },
});

/**
 * Amenities (7.7): the entity; its state by date (each slot with persons booked and places
 * left); its image and terms-of-use files (multipart upload, delete; served by unguessable
 * name like avatars). Reservations: the entity (list, item, PUT, PATCH, and DELETE of finished
 * ones), cancel, the log, and the QR of its identifier for its holder.
 */
export const AMENITY_CALLS = defineCalls({
  ...entityCalls(amenitiesEntity),
  // Static paths first in reading order; the router tells them from `{id}` by shape.
  ...entityCalls(amenityReservationsEntity),
  'GET /amenities/{id}/state': {
    access: licensed(AMENITY_VIEW),
    params: IdParamsSchema,
    object: { entity: 'amenities', action: 'view' },
    // user_offset: the console's UTC offset in minutes, the zone when the project names none.
    query: v.object({
      date: DateSchema,
      user_offset: v.optional(
        v.pipe(v.string(), v.regex(/^-?\d{1,3}$/), v.transform(Number), v.minValue(-840), v.maxValue(840)),
      ),
    }),
    response: envelope(AmenityStateSchema),
  },
  'POST /amenities/{id}/image': {
    access: editors,
    params: IdParamsSchema,
    object: { entity: 'amenities', action: 'edit' },
    multipart: file('image', AMENITY_LIMITS.imageMaxBytes),
    response: envelope(AmenitySchema),
  },
  'DELETE /amenities/{id}/image': {
    access: editors,
    params: IdParamsSchema,
    object: { entity: 'amenities', action: 'edit' },
    response: envelope(AmenitySchema),
  },
  'POST /amenities/{id}/terms-of-use': {
    access: editors,
    params: IdParamsSchema,
    object: { entity: 'amenities', action: 'edit' },
    multipart: file('file', AMENITY_LIMITS.termsMaxBytes),
    response: envelope(AmenitySchema),
  },
  'DELETE /amenities/{id}/terms-of-use': {
    access: editors,
    params: IdParamsSchema,
    object: { entity: 'amenities', action: 'edit' },
    response: envelope(AmenitySchema),
  },
  // Public by unguessable name (as avatars), so <img> and a link load them without a token.
  'GET /uploads/amenities/{file}': {
    access: PUBLIC,
    params: v.object({
      file: v.pipe(v.string(), v.regex(/^\d{1,10}-[0-9a-f]{24}(-original)?\.(png|jpg|webp|gif|pdf)$/)),
    }),
    file: 'document',
    response: v.blob(),
  },
  'POST /amenities/reservations/{id}/cancel': {
    access: licensed(RESERVATION_EDIT),
    params: IdParamsSchema,
    object: { entity: 'amenity_reservations', action: 'edit' },
    response: envelope(ReservationSchema),
  },
  'GET /amenities/reservations/{id}/logs': {
    access: licensed(['amenity_reservations.view_logs']),
    params: IdParamsSchema,
    object: { entity: 'amenity_reservations', action: 'view' },
    response: envelope(v.array(ReservationLogEntrySchema)),
  },
  // The holder's QR (and for those who may edit the reservation); a finished one has none.
  'GET /amenities/reservations/{id}/qr': {
    access: licensed(RESERVATION_VIEW),
    params: IdParamsSchema,
    object: { entity: 'amenity_reservations', action: 'view' },
    file: 'image',
    response: v.blob(),
  },
});
