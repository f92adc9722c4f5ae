import type { Kysely } from 'kysely';
import { addDays, type SlotPiece, slotsOfDay, weekDayOf } from '../../../src/contract/amenity-slots';
import { AMENITY_LIMITS } from '../../../src/contract/constants';
import {
  isCancelableStatus,
  isEditableStatus,
  LIVE_RESERVATION_STATUSES,
  type ReservationCreate,
  type ReservationPatch,
  type ReservationStatus,
} from '../../../src/contract/entities/amenity-reservation';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { projectZone } from '../access/schedule/calendar';
import type { Auth } from '../auth/auth-context';
import { conflict, DomainError, invalidRelated, refused } from '../errors';
import { timeSlotsOf } from './amenities';
import { applyPlaces, type PlaceChange } from './places';
import { slotsText, writeLog } from './reservation-logs';
import { issueQr, revokeQr, updateQr } from './reservation-qr';
import { isLive, mayBookFor, slotsOf } from './reservations';
import {
  bookingZone,
  localDate,
  readWindows,
  statusAt,
  storedWindows,
  toIso,
  type Window,
  windowsOf,
} from './slot-time';

/**
 * Booking, changing, cancelling and deleting reservations (section 5, 8.2; docs/decisions.md,
 * Amenities). Checks, in order: the amenity (404 "amenity not found"), the holder (within the
 * caller's booking reach, else invalid related `user`), the holder's right to the amenity (a member
 * of one of its groups or of a group below: else 403 "amenity not allowed"), the persons (the
 * amenity's min..max, "number of persons out of limits"), the slots (each one of the amenity's that
 * week day, once: "time slot mismatch") and the time (no slot already over: "date or time must be
 * in the future"). Places are taken last in the transaction (places.ts), so a refusal there rolls
 * back everything and the row locks are held as briefly as possible.
 */

/** What changed, for the sync of doors and the realtime events (reservation-effects.ts). */
export interface ReservationChange {
  projectId: number;
  /** Amenities whose doors must learn of it (their QR lists changed). */
  amenityIds: number[];
  /** Days whose places changed. */
  days: { amenity_id: number; date: string }[];
  reservations: { id: number; amenity_id: number; date: string; status: ReservationStatus }[];
}

interface BookingInput {
  amenity_id: number;
  date: string;
  time_slots: readonly SlotPiece[];
  number_of_persons: number;
  user_id: number;
  user_offset: number | null;
}

interface Booking {
  amenity: { id: number; name: string; persons_max: number };
  holder: { id: number; name: string };
  zone: string;
  slots: SlotPiece[];
  windows: Window[];
}

const notFound = () => new DomainError('not_found', { message: ERROR_CODES.amenityNotFound });
const notAllowed = () => new DomainError('forbidden', { message: ERROR_CODES.amenityNotAllowed });

async function resolveBooking(db: Kysely<Database>, auth: Auth, input: BookingInput, now: Date): Promise<Booking> {
  const amenity = await db
    .selectFrom('amenities')
    .selectAll()
    .where('id', '=', input.amenity_id)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!amenity) throw notFound();
  const holder = await db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .select(['u.id', 'u.name'])
    .where('u.id', '=', input.user_id)
    .where('m.project_id', '=', auth.projectId)
    .where('u.deleted_at', 'is', null)
    .where(mayBookFor(auth, input.user_id))
    .executeTakeFirst();
  if (!holder) throw invalidRelated(['user']);
  const allowed = await db
    .selectFrom('amenity_domains as ad')
    .innerJoin('domains as g', 'g.id', 'ad.domain_id')
    .innerJoin('domains as d', (j) =>
      j.onRef('d.project_id', '=', 'g.project_id').onRef('d.lft', '>=', 'g.lft').onRef('d.rgt', '<=', 'g.rgt'),
    )
    .innerJoin('user_domains as ud', 'ud.domain_id', 'd.id')
    .select('ad.amenity_id')
    .where('ad.amenity_id', '=', amenity.id)
    .where('ud.user_id', '=', holder.id)
    .limit(1)
    .executeTakeFirst();
  if (!allowed) throw notAllowed();

  const min = Number(amenity.persons_min);
  const max = Number(amenity.persons_max);
  if (input.number_of_persons < min || input.number_of_persons > max) {
    throw refused(ERROR_CODES.personLimits, {
      params: { min, max },
      errors: { number_of_persons: { code: 'range', params: { min, max } } },
    });
  }

  const offered = new Set(slotsOfDay(timeSlotsOf(amenity), weekDayOf(input.date)).map((s) => `${s.from}-${s.to}`));
  const seen = new Set<string>();
  const mismatched: Record<string, FieldError> = {};
  input.time_slots.forEach((slot, i) => {
    const key = `${slot.from}-${slot.to}`;
    if (!offered.has(key) || seen.has(key)) mismatched[`time_slots.${i}`] = { code: 'slot_mismatch' };
    seen.add(key);
  });
  const zone = bookingZone(await projectZone(db, auth.projectId), input.user_offset);
  const slots = [...input.time_slots].sort((a, b) => a.from - b.from).map((s) => ({ from: s.from, to: s.to }));
  // A slot a daylight-saving change skips that day is not one of the day's slots either.
  input.time_slots.forEach((slot, i) => {
    const [window] = windowsOf(input.date, [slot], zone);
    if (!window) mismatched[`time_slots.${i}`] = { code: 'slot_mismatch' };
  });
  if (Object.keys(mismatched).length > 0) throw refused(ERROR_CODES.timeSlotMismatch, { errors: mismatched });

  const t = now.getTime();
  const ended = slots.some((s) => (windowsOf(input.date, [s], zone)[0]?.end ?? 0) <= t);
  if (ended) throw refused(ERROR_CODES.dateMustBeFuture, { errors: { date: { code: 'min_value' } } });
  if (input.date > addDays(localDate(t, zone), AMENITY_LIMITS.bookingDaysAhead)) {
    throw refused(ERROR_CODES.invalidDataSent, {
      errors: {
        date: { code: 'max_value', params: { max: addDays(localDate(t, zone), AMENITY_LIMITS.bookingDaysAhead) } },
      },
    });
  }
  return {
    amenity: { id: Number(amenity.id), name: amenity.name, persons_max: max },
    holder: { id: Number(holder.id), name: holder.name },
    zone,
    slots,
    windows: windowsOf(input.date, slots, zone),
  };
}

async function callerName(db: Kysely<Database>, auth: Auth): Promise<string> {
  const me = await db.selectFrom('users').select('name').where('id', '=', auth.userId).executeTakeFirst();
  return me?.name ?? '';
}

const places = (b: { amenity: { id: number; persons_max: number } }, date: string, slots: SlotPiece[], delta: number) =>
  slots.map(
    (s): PlaceChange => ({
      amenityId: b.amenity.id,
      date,
      from: s.from,
      to: s.to,
      delta,
      capacity: b.amenity.persons_max,
    }),
  );

const qrName = (amenity: string, date: string) => `${amenity} ${date}`;

export async function createReservation(
  db: Kysely<Database>,
  auth: Auth,
  body: ReservationCreate,
  now: Date,
): Promise<{ id: number; change: ReservationChange }> {
  const input: BookingInput = { ...body, user_id: body.user_id ?? auth.userId, user_offset: body.user_offset ?? null };
  const b = await resolveBooking(db, auth, input, now);
  const by = await callerName(db, auth);
  const at = now.toISOString();
  const { status, next } = statusAt(b.windows, now.getTime());
  const id = await db.transaction().execute(async (trx) => {
    const identifierId = await issueQr(trx, {
      projectId: auth.projectId,
      holderId: b.holder.id,
      name: qrName(b.amenity.name, input.date),
      windows: b.windows,
      by: auth.userId,
      now: at,
    });
    const row = await trx
      .insertInto('amenity_reservations')
      .values({
        project_id: auth.projectId,
        amenity_id: b.amenity.id,
        date: input.date,
        user_id: b.holder.id,
        identifier_id: identifierId,
        number_of_persons: input.number_of_persons,
        slots: JSON.stringify(b.slots),
        time_zone: b.zone,
        user_offset: input.user_offset,
        windows: storedWindows(b.windows),
        starts_at: toIso(b.windows[0]?.start ?? 0),
        ends_at: toIso(b.windows.at(-1)?.end ?? 0),
        status,
        next_status_at: next === null ? null : toIso(next),
        created_by_user_id: auth.userId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reservationId = Number(row.id);
    await writeLog(trx, {
      reservationId,
      event: 'created',
      info: { by, user: b.holder.name, date: input.date, slots: slotsText(b.slots), persons: input.number_of_persons },
      by: auth.userId,
      at,
    });
    await applyPlaces(trx, places(b, input.date, b.slots, input.number_of_persons));
    return reservationId;
  });
  return {
    id,
    change: {
      projectId: auth.projectId,
      amenityIds: [b.amenity.id],
      days: [{ amenity_id: b.amenity.id, date: input.date }],
      reservations: [{ id, amenity_id: b.amenity.id, date: input.date, status }],
    },
  };
}

type StoredReservation = Awaited<ReturnType<typeof loadReservation>>;

async function loadReservation(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('amenity_reservations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('not_found', { message: ERROR_CODES.reservationNotFound });
  return row;
}

/** The status time gives it now (the scheduler may not have moved it yet); final statuses stay. */
export function effectiveStatus(row: { status: string; windows: string }, now: Date): ReservationStatus {
  if (!isLive(row.status)) return row.status as ReservationStatus;
  return statusAt(readWindows(row.windows), now.getTime()).status;
}

const LIVE = [...LIVE_RESERVATION_STATUSES];

export async function updateReservation(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  patch: ReservationPatch,
  now: Date,
): Promise<ReservationChange> {
  const row: StoredReservation = await loadReservation(db, id);
  if (!isEditableStatus(effectiveStatus(row, now))) throw conflict(ERROR_CODES.reservationNotEditable);
  const holderId = patch.user_id ?? row.user_id;
  if (holderId === null) throw invalidRelated(['user']);
  const oldSlots = slotsOf(row.slots);
  const input: BookingInput = {
    amenity_id: patch.amenity_id ?? Number(row.amenity_id),
    date: patch.date ?? row.date,
    time_slots: patch.time_slots ?? oldSlots,
    number_of_persons: patch.number_of_persons ?? Number(row.number_of_persons),
    user_id: holderId,
    user_offset: patch.user_offset !== undefined ? patch.user_offset : row.user_offset,
  };
  const b = await resolveBooking(db, auth, input, now);
  const by = await callerName(db, auth);
  const at = now.toISOString();
  const { status, next } = statusAt(b.windows, now.getTime());
  const oldAmenity = await db
    .selectFrom('amenities')
    .select(['id', 'persons_max'])
    .where('id', '=', row.amenity_id)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    // Claims the row as it was read: a cancel or another edit in between wins, this one is refused.
    const claimed = await trx
      .updateTable('amenity_reservations')
      .set({
        amenity_id: b.amenity.id,
        date: input.date,
        user_id: b.holder.id,
        number_of_persons: input.number_of_persons,
        slots: JSON.stringify(b.slots),
        time_zone: b.zone,
        user_offset: input.user_offset,
        windows: storedWindows(b.windows),
        starts_at: toIso(b.windows[0]?.start ?? 0),
        ends_at: toIso(b.windows.at(-1)?.end ?? 0),
        status,
        next_status_at: next === null ? null : toIso(next),
        updated_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict(ERROR_CODES.reservationNotEditable);
    const qr = {
      projectId: auth.projectId,
      holderId: b.holder.id,
      name: qrName(b.amenity.name, input.date),
      windows: b.windows,
      by: auth.userId,
      now: at,
    };
    if (row.identifier_id === null) {
      const identifierId = await issueQr(trx, qr);
      await trx.updateTable('amenity_reservations').set({ identifier_id: identifierId }).where('id', '=', id).execute();
    } else {
      await updateQr(trx, Number(row.identifier_id), { ...qr, holderChanged: b.holder.id !== row.user_id });
    }
    await writeLog(trx, {
      reservationId: id,
      event: 'updated',
      info: { by, user: b.holder.name, date: input.date, slots: slotsText(b.slots), persons: input.number_of_persons },
      by: auth.userId,
      at,
    });
    const old = { amenity: { id: Number(oldAmenity.id), persons_max: Number(oldAmenity.persons_max) } };
    await applyPlaces(trx, [
      ...places(old, row.date, oldSlots, -Number(row.number_of_persons)),
      ...places(b, input.date, b.slots, input.number_of_persons),
    ]);
  });
  return {
    projectId: auth.projectId,
    amenityIds: [...new Set([Number(row.amenity_id), b.amenity.id])],
    days: [
      { amenity_id: Number(row.amenity_id), date: row.date },
      { amenity_id: b.amenity.id, date: input.date },
    ],
    reservations: [{ id, amenity_id: b.amenity.id, date: input.date, status }],
  };
}

/** Cancels a live reservation: its places of slots not over yet are given back and its QR revoked. */
export async function cancelReservation(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  now: Date,
): Promise<ReservationChange> {
  const row = await loadReservation(db, id);
  if (!isCancelableStatus(effectiveStatus(row, now))) throw conflict(ERROR_CODES.reservationNotCancelable);
  const by = await callerName(db, auth);
  const at = now.toISOString();
  const t = now.getTime();
  const amenity = await db
    .selectFrom('amenities')
    .select(['id', 'persons_max'])
    .where('id', '=', row.amenity_id)
    .executeTakeFirstOrThrow();
  const slots = slotsOf(row.slots);
  const coming = slots.filter((s) => (windowsOf(row.date, [s], row.time_zone)[0]?.end ?? 0) > t);
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('amenity_reservations')
      .set({ status: 'canceled', next_status_at: null, canceled_at: at, updated_at: at })
      .where('id', '=', id)
      .where('status', 'in', LIVE)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw conflict(ERROR_CODES.reservationNotCancelable);
    await revokeQr(trx, row.identifier_id === null ? null : Number(row.identifier_id), at);
    await writeLog(trx, { reservationId: id, event: 'canceled', info: { by }, by: auth.userId, at });
    await applyPlaces(
      trx,
      places(
        { amenity: { id: Number(amenity.id), persons_max: Number(amenity.persons_max) } },
        row.date,
        coming,
        -Number(row.number_of_persons),
      ),
    );
  });
  return {
    projectId: auth.projectId,
    amenityIds: [Number(row.amenity_id)],
    days: [{ amenity_id: Number(row.amenity_id), date: row.date }],
    reservations: [{ id, amenity_id: Number(row.amenity_id), date: row.date, status: 'canceled' }],
  };
}

/** Deletes finished reservations (cancelled or expired) with their QR; a live one refuses the whole delete. */
export async function deleteReservations(db: Kysely<Database>, ids: number[], now: Date): Promise<number> {
  const rows = await db
    .selectFrom('amenity_reservations')
    .select(['id', 'status', 'windows', 'identifier_id'])
    .where('id', 'in', ids)
    .execute();
  if (rows.some((r) => isLive(effectiveStatus(r, now)))) throw conflict(ERROR_CODES.reservationNotFinished);
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('amenity_reservations').where('id', 'in', ids).executeTakeFirst();
    const identifiers = rows.filter((r) => r.identifier_id !== null).map((r) => Number(r.identifier_id));
    if (identifiers.length > 0) await trx.deleteFrom('identifiers').where('id', 'in', identifiers).execute();
    return Number(result.numDeletedRows);
  });
}
