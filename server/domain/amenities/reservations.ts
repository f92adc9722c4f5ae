import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import {
  LIVE_RESERVATION_STATUSES,
  type Reservation,
  type ReservationListItem,
  type ReservationStatus,
} from '../../../src/contract/entities/amenity-reservation';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import { readJson } from '../../db/json';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { callerGroups } from './amenities';

/**
 * Reservations (doc 1 §3; doc 2 §6.2). Scopes, in SQL, by the reservation's holder, per action
 * (view, edit, delete) at the scopes of 6.2 (docs/decisions.md, Amenities):
 * - `_all`: every reservation of the project;
 * - `_descendants`: holders in one of the caller's groups or a group below;
 * - `_domain`: holders in one of the caller's groups;
 * - `_own`: the caller's own (they hold it or made it).
 * Whom the caller may book for follows the same reach with the edit permissions.
 */
export type ReservationAction = 'view' | 'edit' | 'delete';

const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);
const perm = (action: ReservationAction, scope: string) => `amenity_reservations.${action}_${scope}` as Permission;

/** The user (column) is in a group related to one of the caller's by `relation` (g: the user's, mg: the caller's). */
function userInGroups(auth: Auth, user: RawBuilder<unknown>, relation: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from user_domains hud inner join domains g on g.id = hud.domain_id
    inner join (${callerGroups(auth)}) mg on ${relation} where hud.user_id = ${user})`;
}
const BELOW = sql<SqlBool>`g.lft >= mg.lft and g.rgt <= mg.rgt`;
const SAME = sql<SqlBool>`g.id = mg.id`;

/** The reservations (alias `r`) the caller may view, edit or delete (1 = 0 for none). */
export function reservationScope(auth: Auth, action: ReservationAction): Expression<SqlBool> {
  if (can(auth, perm(action, 'all'))) return sql<SqlBool>`1 = 1`;
  const parts: Expression<SqlBool>[] = [];
  if (can(auth, perm(action, 'descendants'))) parts.push(userInGroups(auth, sql.ref('r.user_id'), BELOW));
  else if (can(auth, perm(action, 'domain'))) parts.push(userInGroups(auth, sql.ref('r.user_id'), SAME));
  if (can(auth, perm(action, 'own'))) {
    parts.push(sql<SqlBool>`(r.user_id = ${auth.userId} or r.created_by_user_id = ${auth.userId})`);
  }
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Whether the caller may book for this user (the edit reach; `_own`: only for themselves). */
export function mayBookFor(auth: Auth, userId: number): Expression<SqlBool> {
  if (can(auth, perm('edit', 'all'))) return sql<SqlBool>`1 = 1`;
  const parts: Expression<SqlBool>[] = [];
  if (can(auth, perm('edit', 'descendants'))) parts.push(userInGroups(auth, sql`${userId}`, BELOW));
  else if (can(auth, perm('edit', 'domain'))) parts.push(userInGroups(auth, sql`${userId}`, SAME));
  if (userId === auth.userId && RESERVATION_EDITS.some((p) => can(auth, p))) parts.push(sql<SqlBool>`1 = 1`);
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
const RESERVATION_EDITS = (['all', 'domain', 'descendants', 'own'] as const).map((s) => perm('edit', s));

export function scopedReservations(db: Kysely<Database>, auth: Auth, action: ReservationAction = 'view') {
  return db
    .selectFrom('amenity_reservations as r')
    .where('r.project_id', '=', auth.projectId)
    .where(reservationScope(auth, action));
}

export const RESERVATION_COLUMNS = {
  id: 'r.id',
  date: 'r.date',
  status: 'r.status',
  number_of_persons: 'r.number_of_persons',
  starts_at: 'r.starts_at',
  created_at: 'r.created_at',
} as const;

export const RESERVATION_RELATIONS = {
  amenity: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> =>
    rule === 'has'
      ? sql<SqlBool>`r.amenity_id in (${sql.join(ids as number[])})`
      : sql<SqlBool>`1 = ${ids === 'null' ? 0 : 1}`,
  user: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`r.user_id in (${sql.join(ids as number[])})`;
    return ids === 'null' ? sql<SqlBool>`r.user_id is null` : sql<SqlBool>`r.user_id is not null`;
  },
};

export function selectReservations(q: ReturnType<typeof scopedReservations>) {
  return q
    .innerJoin('amenities as a', 'a.id', 'r.amenity_id')
    .leftJoin('users as holder', 'holder.id', 'r.user_id')
    .leftJoin('users as author', 'author.id', 'r.created_by_user_id')
    .leftJoin('identifiers as qr', 'qr.id', 'r.identifier_id')
    .selectAll('r')
    .select([
      'a.name as amenity_name',
      'a.address as amenity_address',
      'holder.name as holder_name',
      'holder.email as holder_email',
      'author.name as author_name',
      'qr.type as qr_type',
      'qr.value as qr_value',
    ]);
}
export type ReservationRow = RowOf<ReturnType<typeof selectReservations>>;

const SlotsSchema = v.array(v.object({ from: v.number(), to: v.number() }));
export const slotsOf = (text: string) => readJson(text, SlotsSchema, []);

export const isLive = (status: string) => (LIVE_RESERVATION_STATUSES as readonly string[]).includes(status);

export function toReservationListItems(rows: ReservationRow[]): ReservationListItem[] {
  return rows.map((r) => ({
    id: Number(r.id),
    amenity_id: Number(r.amenity_id),
    amenity: { id: Number(r.amenity_id), name: r.amenity_name, address: r.amenity_address },
    date: r.date,
    user_id: r.user_id === null ? null : Number(r.user_id),
    user:
      r.user_id === null ? null : { id: Number(r.user_id), name: r.holder_name ?? '', email: r.holder_email ?? null },
    // The QR is the holder's key while the reservation lives; once finished it is revoked and not shown.
    identifier:
      r.identifier_id !== null && isLive(r.status) && r.qr_value !== null
        ? { id: Number(r.identifier_id), type: r.qr_type ?? 'qr', value: r.qr_value }
        : null,
    number_of_persons: Number(r.number_of_persons),
    created_at: r.created_at,
    created_by_user:
      r.created_by_user_id === null ? null : { id: Number(r.created_by_user_id), name: r.author_name ?? '' },
    status: r.status as ReservationStatus,
    time_slots: slotsOf(r.slots),
    user_offset: r.user_offset === null ? null : Number(r.user_offset),
    time_zone: r.time_zone,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    canceled_at: r.canceled_at,
  }));
}

/** Items: list rows with the amenity's state on their date (`state` answers it per row). */
export async function toReservations(
  rows: ReservationRow[],
  state: (row: ReservationRow) => Promise<Reservation['amenity_state']>,
): Promise<Reservation[]> {
  const items = toReservationListItems(rows);
  return Promise.all(
    items.map(async (item, i) => ({ ...item, amenity_state: await state(rows[i] as ReservationRow) })),
  );
}
