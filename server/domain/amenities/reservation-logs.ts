import type { Kysely, Transaction } from 'kysely';
import * as v from 'valibot';
import en from '../../../locales/en/amenities.json' with { type: 'json' };
import ru from '../../../locales/ru/amenities.json' with { type: 'json' };
import { clockOf, type SlotPiece } from '../../../src/contract/amenity-slots';
import type { Language } from '../../../src/contract/constants';
import {
  RESERVATION_LOG_EVENTS,
  type ReservationLogEntry,
  type ReservationLogEvent,
} from '../../../src/contract/entities/amenity-reservation';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';

/**
 * A reservation's log (section 3 "log entry"): one row per change — made, changed, cancelled,
 * moved by time — written in the same transaction as the change, with its details (`info`), and
 * told in the caller's language when read (`translated_info`, from the console's own locale
 * texts, locales/<lng>/amenities.json `log.*`, so the server and the console say it alike).
 */
type Info = Record<string, string | number | null>;
const TEXTS: Record<Language, typeof en> = { en, ru };

export async function writeLog(
  trx: Transaction<Database> | Kysely<Database>,
  entry: { reservationId: number; event: ReservationLogEvent; info: Info; by: number | null; at: string },
): Promise<void> {
  await trx
    .insertInto('amenity_reservation_logs')
    .values({
      reservation_id: entry.reservationId,
      event: entry.event,
      info: JSON.stringify(entry.info),
      created_by_user_id: entry.by,
      created_at: entry.at,
    })
    .execute();
}

/** "09:00–11:00, 14:00–15:00": the slots, adjacent ones joined. */
export function slotsText(slots: readonly SlotPiece[]): string {
  const runs: SlotPiece[] = [];
  for (const s of [...slots].sort((a, b) => a.from - b.from)) {
    const last = runs.at(-1);
    if (last && last.to === s.from) last.to = s.to;
    else runs.push({ from: s.from, to: s.to });
  }
  return runs.map((r) => `${clockOf(r.from)}–${clockOf(r.to)}`).join(', ');
}

/** The entry told in a language: the event's text with its details; statuses by their names. */
export function translateLog(locale: string, event: ReservationLogEvent, info: Info): string {
  const texts = TEXTS[locale === 'ru' ? 'ru' : 'en'];
  const statuses = texts.status as Record<string, string>;
  const value = (key: string): string => {
    const raw = info[key];
    if (raw === null || raw === undefined) return key === 'by' ? texts.log.someone : '';
    if ((key === 'from' || key === 'to') && typeof raw === 'string') return statuses[raw] ?? raw;
    return String(raw);
  };
  return texts.log[event].replace(/\{\{(\w+)\}\}/g, (_, key: string) => value(key));
}

const InfoSchema = v.record(v.string(), v.nullable(v.union([v.string(), v.number()])));

/** The log of a reservation, newest first, told in `locale`. */
export async function readLogs(
  db: Kysely<Database>,
  reservationId: number,
  locale: string,
): Promise<ReservationLogEntry[]> {
  const rows = await db
    .selectFrom('amenity_reservation_logs as l')
    .leftJoin('users as u', 'u.id', 'l.created_by_user_id')
    .select(['l.id', 'l.event', 'l.info', 'l.created_at', 'l.created_by_user_id', 'u.name as user_name'])
    .where('l.reservation_id', '=', reservationId)
    .orderBy('l.id', 'desc')
    .limit(500)
    .execute();
  return rows
    .filter((r) => (RESERVATION_LOG_EVENTS as readonly string[]).includes(r.event))
    .map((r) => {
      const event = r.event as ReservationLogEvent;
      const info = readJson(r.info, InfoSchema, {});
      return {
        id: Number(r.id),
        event,
        created_at: r.created_at,
        info,
        translated_info: translateLog(locale, event, info),
        created_by_user:
          r.created_by_user_id === null ? null : { id: Number(r.created_by_user_id), name: r.user_name ?? '' },
      };
    });
}
