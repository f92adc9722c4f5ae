import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { addDays, amenitySlotErrors, slotsOfDay, type TimeSlots, weekDayOf } from '../../../src/contract/amenity-slots';
import { type AmenityCreate, type AmenityPatch, QR_READER_DEVICE_TYPES } from '../../../src/contract/entities/amenity';
import { LIVE_RESERVATION_STATUSES } from '../../../src/contract/entities/amenity-reservation';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { conflict, invalidData, invalidRelated, refused } from '../errors';
import { accessRuleScope } from '../identifiers/identifiers';
import { groupsToGive, timeSlotsOf } from './amenities';

/**
 * Writing amenities (section 5, 8.2). A group, an access rule and a time slot are needed; the
 * slot rules are the contract's (`amenitySlotErrors`, the same the week grid checks as you draw).
 * Groups must be within the caller's edit reach; access rules visible to them, allowing (not a
 * prohibition), and among them at least one door must read QR codes (8.2 "unsupported QR
 * devices"): a reservation's QR has to open something. Changing the slots may not strand a live
 * reservation (`slot_in_use`), nor may the places fall below what a coming slot already holds.
 * An amenity with live reservations is not deleted (8.2).
 */
type Db = Kysely<Database> | Transaction<Database>;

async function assertGroups(db: Db, auth: Auth, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await db
    .selectFrom('domains as g')
    .select('g.id')
    .where('g.project_id', '=', auth.projectId)
    .where('g.id', 'in', unique)
    .where(groupsToGive(auth))
    .execute();
  if (found.length !== unique.length) throw invalidRelated(['domains']);
  return unique;
}

async function assertRules(db: Db, auth: Auth, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rules = await db
    .selectFrom('access_rules as r')
    .select(['r.id', 'r.prohibition'])
    .where('r.project_id', '=', auth.projectId)
    .where('r.id', 'in', unique)
    .where(accessRuleScope(auth))
    .execute();
  if (rules.length !== unique.length) throw invalidRelated(['access_rules']);
  if (rules.some((r) => Number(r.prohibition) === 1)) throw invalidData({ access_rules: { code: 'invalid' } });
  const reader = await db
    .selectFrom('access_rule_devices as rd')
    .innerJoin('devices as d', 'd.id', 'rd.device_id')
    .select('d.id')
    .where('rd.access_rule_id', 'in', unique)
    .where('d.type', 'in', [...QR_READER_DEVICE_TYPES])
    .limit(1)
    .executeTakeFirst();
  if (!reader) throw refused(ERROR_CODES.unsupportedQrDevices, { errors: { access_rules: { code: 'qr_devices' } } });
  return unique;
}

function checkSlots(timeSlots: TimeSlots, persons: { min: number; max: number }) {
  const errors = amenitySlotErrors(timeSlots, persons);
  if (Object.keys(errors).length > 0) throw invalidData(errors);
}

async function link(trx: Transaction<Database>, id: number, groups: number[] | null, rules: number[] | null) {
  if (groups) {
    await trx.deleteFrom('amenity_domains').where('amenity_id', '=', id).execute();
    await trx
      .insertInto('amenity_domains')
      .values(groups.map((domain_id) => ({ amenity_id: id, domain_id })))
      .execute();
  }
  if (rules) {
    await trx.deleteFrom('amenity_access_rules').where('amenity_id', '=', id).execute();
    await trx
      .insertInto('amenity_access_rules')
      .values(rules.map((access_rule_id) => ({ amenity_id: id, access_rule_id })))
      .execute();
  }
}

const itemsJson = (timeSlots: TimeSlots) =>
  JSON.stringify(timeSlots.items.map((i) => ({ days: [...new Set(i.days)], from: i.from, to: i.to })));

export async function createAmenity(db: Kysely<Database>, auth: Auth, body: AmenityCreate): Promise<number> {
  checkSlots(body.time_slots, body.number_of_persons);
  const groups = await assertGroups(db, auth, body.domains);
  const rules = await assertRules(db, auth, body.access_rules);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('amenities')
      .values({
        project_id: auth.projectId,
        name: body.name,
        address: body.address,
        description: body.description,
        persons_min: body.number_of_persons.min,
        persons_max: body.number_of_persons.max,
        slot_duration: body.time_slots.duration,
        slot_items: itemsJson(body.time_slots),
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await link(trx, Number(id), groups, rules);
    return Number(id);
  });
}

/** Live reservations of an amenity whose slots the new definition no longer offers that day. */
async function strandedReservations(db: Db, id: number, timeSlots: TimeSlots): Promise<boolean> {
  const live = await db
    .selectFrom('amenity_reservations')
    .select(['date', 'slots'])
    .where('amenity_id', '=', id)
    .where('status', 'in', [...LIVE_RESERVATION_STATUSES])
    .execute();
  const offered = new Map<string, Set<string>>();
  for (const r of live) {
    const day = weekDayOf(r.date);
    let keys = offered.get(day);
    if (!keys) {
      keys = new Set(slotsOfDay(timeSlots, day).map((s) => `${s.from}-${s.to}`));
      offered.set(day, keys);
    }
    const slots = JSON.parse(r.slots) as { from: number; to: number }[];
    if (slots.some((s) => !keys?.has(`${s.from}-${s.to}`))) return true;
  }
  return false;
}

/**
 * The first date whose places still matter: yesterday in UTC, so every zone's today is in
 * (a date that has passed everywhere keeps the capacity it had).
 */
const placesCutoff = () => addDays(nowIso().slice(0, 10), -1);

export async function updateAmenity(db: Kysely<Database>, auth: Auth, id: number, body: AmenityPatch): Promise<void> {
  const row = await db.selectFrom('amenities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const persons = body.number_of_persons ?? { min: Number(row.persons_min), max: Number(row.persons_max) };
  const timeSlots = body.time_slots ?? timeSlotsOf(row);
  checkSlots(timeSlots, persons);
  const errors: Record<string, FieldError> = {};
  if (body.time_slots && (await strandedReservations(db, id, timeSlots))) errors.time_slots = { code: 'slot_in_use' };
  const cutoff = placesCutoff();
  if (persons.max < Number(row.persons_max)) {
    const most = await db
      .selectFrom('amenity_slot_places')
      .select(sql<number>`max(booked)`.as('booked'))
      .where('amenity_id', '=', id)
      .where('date', '>=', cutoff)
      .executeTakeFirst();
    const booked = Number(most?.booked ?? 0);
    if (booked > persons.max) errors['number_of_persons.max'] = { code: 'min_value', params: { min: booked } };
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const groups = body.domains ? await assertGroups(db, auth, body.domains) : null;
  const rules = body.access_rules ? await assertRules(db, auth, body.access_rules) : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('amenities')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.address !== undefined ? { address: body.address } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        persons_min: persons.min,
        persons_max: persons.max,
        slot_duration: timeSlots.duration,
        slot_items: itemsJson(timeSlots),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    // Coming slots take the new number of places (none holds more: checked above).
    await trx
      .updateTable('amenity_slot_places')
      .set({ capacity: persons.max })
      .where('amenity_id', '=', id)
      .where('date', '>=', cutoff)
      .where(sql<SqlBool>`booked <= ${persons.max}`)
      .execute();
    await link(trx, id, groups, rules);
  });
}

/** Deletes amenities and their finished reservations' QR identifiers; live reservations refuse the whole delete (8.2). */
export async function deleteAmenities(db: Kysely<Database>, ids: number[]): Promise<number> {
  const live = await db
    .selectFrom('amenity_reservations')
    .select('id')
    .where('amenity_id', 'in', ids)
    .where('status', 'in', [...LIVE_RESERVATION_STATUSES])
    .limit(1)
    .executeTakeFirst();
  if (live) throw conflict(ERROR_CODES.amenityHasActiveReservations);
  return db.transaction().execute(async (trx) => {
    const identifiers = await trx
      .selectFrom('amenity_reservations')
      .select('identifier_id')
      .where('amenity_id', 'in', ids)
      .where('identifier_id', 'is not', null)
      .execute();
    const result = await trx.deleteFrom('amenities').where('id', 'in', ids).executeTakeFirst();
    const idents = identifiers.map((r) => Number(r.identifier_id));
    for (let i = 0; i < idents.length; i += 500) {
      await trx
        .deleteFrom('identifiers')
        .where('id', 'in', idents.slice(i, i + 500))
        .execute();
    }
    return Number(result.numDeletedRows);
  });
}

/** The access rules of amenities (their doors change when the rules do). */
export async function rulesOfAmenities(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('amenity_access_rules')
    .select('access_rule_id')
    .distinct()
    .where('amenity_id', 'in', ids)
    .execute();
  return rows.map((r) => Number(r.access_rule_id));
}
