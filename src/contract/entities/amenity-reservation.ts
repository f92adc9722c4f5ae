import * as v from 'valibot';
import { isCalendarDate } from '../amenity-slots';
import { AMENITY_LIMITS, SECONDS_IN_DAY } from '../constants';
import { defineEntity } from '../entity';
import { fieldRule } from '../field-rules';
import { listAnswer } from '../filters';
import { IdSchema } from '../ids';
import type { Permission } from '../permissions';
import { AmenityStateSchema } from './amenity';

/**
 * Amenity reservations (doc 1 §3, §4, §5; doc 2 §6.2, §7.7, §8.2): a holder's places in some
 * slots of one amenity on one date. Statuses (§4) move by time on the server — `reserved` before
 * the first slot, `active` (shown as "in use") inside a booked slot, `inactive` between two booked
 * slots of the day, `expired` after the last — and by people: `canceled`. Canceled and expired are
 * final; only a reserved reservation is edited; reserved, active and inactive ones are cancelled
 * (docs/decisions.md, Amenities). A live reservation holds a QR identifier that opens the
 * amenity's doors during its slots only.
 */
export const RESERVATION_STATUSES = ['inactive', 'active', 'reserved', 'canceled', 'expired'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** Statuses that hold places and a valid QR. */
export const LIVE_RESERVATION_STATUSES = ['reserved', 'active', 'inactive'] as const satisfies ReservationStatus[];
/** Statuses a reservation may be edited in (before it starts). */
export const EDITABLE_RESERVATION_STATUSES = ['reserved'] as const satisfies ReservationStatus[];
/** Statuses a reservation may be cancelled in. */
export const CANCELABLE_RESERVATION_STATUSES = LIVE_RESERVATION_STATUSES;
/** Final statuses: nothing moves them any more. */
export const FINAL_RESERVATION_STATUSES = ['canceled', 'expired'] as const satisfies ReservationStatus[];

export const isEditableStatus = (s: ReservationStatus) =>
  (EDITABLE_RESERVATION_STATUSES as readonly string[]).includes(s);
export const isCancelableStatus = (s: ReservationStatus) =>
  (CANCELABLE_RESERVATION_STATUSES as readonly string[]).includes(s);

const ref = v.object({ id: v.number(), name: v.string() });

export const ReservationSlotSchema = v.object({ from: v.number(), to: v.number() });
export type ReservationSlot = v.InferOutput<typeof ReservationSlotSchema>;

const ReservationFields = {
  id: v.number(),
  amenity_id: v.number(),
  amenity: v.object({ id: v.number(), name: v.string(), address: v.nullable(v.string()) }),
  /** The local date of the amenity (YYYY-MM-DD). */
  date: v.string(),
  /** The holder (null when their account went). */
  user_id: v.nullable(v.number()),
  user: v.nullable(v.object({ id: v.number(), name: v.string(), email: v.nullable(v.string()) })),
  /** The holder's QR for the doors (null once cancelled or expired: it is revoked). */
  identifier: v.nullable(v.object({ id: v.number(), type: v.string(), value: v.string() })),
  number_of_persons: v.number(),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
  status: v.picklist(RESERVATION_STATUSES),
  time_slots: v.array(ReservationSlotSchema),
  /** The UTC offset (minutes east) the console booked from; the zone when the project sets none. */
  user_offset: v.nullable(v.number()),
  /** The zone its slots are read in, and the instants they span. */
  time_zone: v.string(),
  starts_at: v.string(),
  ends_at: v.string(),
  canceled_at: v.nullable(v.string()),
};

/** A list row: everything but the amenity's state that day. */
export const ReservationListItemSchema = v.object(ReservationFields);
export const ReservationSchema = v.object({
  ...ReservationFields,
  /** The amenity's state on the reservation's date (section 3 `amenity_state`). */
  amenity_state: v.nullable(AmenityStateSchema),
});
export type Reservation = v.InferOutput<typeof ReservationSchema>;
export type ReservationListItem = v.InferOutput<typeof ReservationListItemSchema>;

const second = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(SECONDS_IN_DAY));
export const DateSchema = v.pipe(
  v.string(),
  v.maxLength(10),
  v.check((s) => isCalendarDate(s), 'invalid'),
);
export const ReservationSlotInputSchema = v.object({ from: second, to: second });

const entries = {
  amenity_id: IdSchema,
  date: DateSchema,
  /** Section 5: at least one slot. */
  time_slots: v.pipe(
    v.array(ReservationSlotInputSchema),
    v.minLength(1),
    v.maxLength(AMENITY_LIMITS.reservationSlotsMax),
  ),
  number_of_persons: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(AMENITY_LIMITS.personsMax)),
  /** The holder (default: the caller). */
  user_id: IdSchema,
  /** Minutes east of UTC of the booking console (JavaScript's -getTimezoneOffset()). */
  user_offset: v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(-840), v.maxValue(840))),
};

export const ReservationCreateSchema = v.object({
  ...entries,
  user_id: v.optional(entries.user_id),
  user_offset: v.optional(entries.user_offset, null),
});
export type ReservationCreate = v.InferOutput<typeof ReservationCreateSchema>;
export const ReservationPatchSchema = v.partial(v.object(entries));
export type ReservationPatch = v.InferOutput<typeof ReservationPatchSchema>;

const scopes = (action: 'view' | 'edit' | 'delete') =>
  (['all', 'domain', 'descendants', 'own'] as const).map((s) => `amenity_reservations.${action}_${s}` as Permission);
export const RESERVATION_VIEW: readonly Permission[] = scopes('view');
export const RESERVATION_EDIT: readonly Permission[] = scopes('edit');
export const RESERVATION_DELETE: readonly Permission[] = scopes('delete');

/**
 * Rules of 6.2 that gate a field, not a call: choosing the holder of a booking (and seeing the QR
 * of someone else's, to hand it on) needs an edit scope beyond one's own.
 */
export const RESERVATION_FIELD_RULES = {
  bookForOthers: fieldRule([
    'amenity_reservations.edit_all',
    'amenity_reservations.edit_domain',
    'amenity_reservations.edit_descendants',
  ]),
} as const;

export const amenityReservationsEntity = defineEntity({
  name: 'amenity_reservations',
  path: '/amenities/reservations',
  access: {
    view: RESERVATION_VIEW,
    // 6.2 has no "create": booking is an edit at some scope (own: for oneself).
    create: RESERVATION_EDIT,
    edit: RESERVATION_EDIT,
    delete: RESERVATION_DELETE,
    licences: ['amenity'],
  },
  item: ReservationSchema,
  listItem: ReservationListItemSchema,
  create: ReservationCreateSchema,
  patch: ReservationPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    date: { kind: 'text', sortable: true, filterable: true },
    status: { kind: 'enum', sortable: true, filterable: true },
    number_of_persons: { kind: 'number', sortable: true, filterable: true },
    starts_at: { kind: 'date', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    amenity: { kind: 'relation', filterable: true },
    user: { kind: 'relation', filterable: true },
  },
  search: [],
  with: [],
  defaultSort: ['-starts_at'],
});

export const ReservationListSchema = listAnswer(ReservationListItemSchema);

/** Events of a reservation's log. */
export const RESERVATION_LOG_EVENTS = ['created', 'updated', 'canceled', 'status_changed'] as const;
export type ReservationLogEvent = (typeof RESERVATION_LOG_EVENTS)[number];

/** A log entry (section 3): what happened, its details, and them told in the caller's language. */
export const ReservationLogEntrySchema = v.object({
  id: v.number(),
  event: v.picklist(RESERVATION_LOG_EVENTS),
  created_at: v.string(),
  info: v.record(v.string(), v.nullable(v.union([v.string(), v.number()]))),
  translated_info: v.string(),
  /** Who did it; null for the server's own status changes. */
  created_by_user: v.nullable(ref),
});
export type ReservationLogEntry = v.InferOutput<typeof ReservationLogEntrySchema>;
