import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { storedWindows, toIso, type Window } from './slot-time';

/**
 * A reservation's QR (docs/decisions.md, Amenities): an identifier of type qr held by the
 * reservation's holder as a guest-like key (owner_type guest, guest_type `amenity`, owner the
 * holder), so it inherits none of the holder's own rules: it reaches only the amenity's access
 * rules (access/decide/grants.ts). Its period spans the booked slots and its validity windows are
 * the slots themselves, so a door opens to it in a slot and not between or after. A changed
 * holder gets a new value (the old one may have been shared); cancel and expiry revoke it.
 */
export const RESERVATION_QR_GUEST_TYPE = 'amenity';
const newValue = () => `AR-${randomBytes(12).toString('hex').toUpperCase()}`;

export interface QrTarget {
  projectId: number;
  holderId: number | null;
  name: string;
  windows: readonly Window[];
  by: number | null;
  now: string;
}

const validity = (windows: readonly Window[]) => ({
  period_active: 1 as const,
  period_from: toIso(windows[0]?.start ?? 0),
  period_to: toIso(windows.at(-1)?.end ?? 0),
  valid_windows: storedWindows(windows),
});

export async function issueQr(trx: Transaction<Database>, target: QrTarget): Promise<number> {
  const { id } = await trx
    .insertInto('identifiers')
    .values({
      project_id: target.projectId,
      name: target.name.slice(0, 31),
      description: null,
      type: 'qr',
      value: newValue(),
      owner_type: 'guest',
      owner_id: target.holderId,
      guest_type: RESERVATION_QR_GUEST_TYPE,
      ...validity(target.windows),
      created_by_user_id: target.by,
      created_at: target.now,
      updated_at: target.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** Keeps the QR in step with an edited reservation: its validity, its name, and a new value for a new holder. */
export async function updateQr(
  trx: Transaction<Database>,
  identifierId: number,
  target: QrTarget & { holderChanged: boolean },
): Promise<void> {
  await trx
    .updateTable('identifiers')
    .set({
      name: target.name.slice(0, 31),
      owner_id: target.holderId,
      ...(target.holderChanged ? { value: newValue() } : {}),
      ...validity(target.windows),
      revoked_at: null,
      updated_at: target.now,
    })
    .where('id', '=', identifierId)
    .execute();
}

export async function revokeQr(trx: Transaction<Database>, identifierId: number | null, now: string): Promise<void> {
  if (identifierId === null) return;
  await trx
    .updateTable('identifiers')
    .set({ revoked_at: now, updated_at: now })
    .where('id', '=', identifierId)
    .where('revoked_at', 'is', null)
    .execute();
}
