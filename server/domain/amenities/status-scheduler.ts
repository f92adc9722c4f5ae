import type { FastifyBaseLogger } from 'fastify';
import { AMENITY_LIMITS } from '../../../src/contract/constants';
import { LIVE_RESERVATION_STATUSES } from '../../../src/contract/entities/amenity-reservation';
import type { AppContext } from '../../context';
import { announceReservationChange } from './reservation-effects';
import { writeLog } from './reservation-logs';
import { revokeQr } from './reservation-qr';
import type { ReservationChange } from './reservation-writes';
import { readWindows, statusAt, toIso } from './slot-time';

/**
 * The durable status scheduler of reservations (§4; docs/decisions.md, Amenities). Nothing is
 * kept in memory: each live reservation stores when time moves it next (`next_status_at`, the
 * next start or end of one of its slots, as an instant computed at booking), and a tick moves
 * every reservation whose moment has come to the status its windows give at that time — so a
 * server that was down catches up at its first tick (a reservation whose slots all passed goes
 * straight to expired), and daylight-saving changes cannot shift anything. Each move is claimed
 * with a conditional UPDATE on the status and moment it read, so several nodes may run it on one
 * database and a cancel racing a tick leaves one winner. Expiry revokes the QR; the moves are
 * logged and announced. Ticks run at the nearest moment (at most every AMENITY_LIMITS.schedulerIntervalMs
 * apart), read the time from `ctx.clock`, and never overlap; tests call `tick` after moving their clock.
 */
export interface ReservationScheduler {
  /** Moves what is due at `now` (default: ctx.clock); answers how many reservations changed status. */
  tick(now?: Date): Promise<number>;
  /** Stops the timer; resolves when a tick in flight has ended. */
  stop(): Promise<void>;
}

const BATCH = 200;
const LIVE = [...LIVE_RESERVATION_STATUSES];

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'config' | 'clock'>;

/** Moves every due reservation; answers the changes (one per reservation moved). */
export async function moveDueReservations(ctx: Ctx, now: Date): Promise<ReservationChange[]> {
  const at = now.toISOString();
  const t = now.getTime();
  const changes: ReservationChange[] = [];
  for (;;) {
    const due = await ctx.db
      .selectFrom('amenity_reservations')
      .select(['id', 'project_id', 'amenity_id', 'date', 'status', 'windows', 'next_status_at', 'identifier_id'])
      .where('next_status_at', 'is not', null)
      .where('next_status_at', '<=', at)
      .where('status', 'in', LIVE)
      .orderBy('next_status_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    let moved = 0;
    for (const row of due) {
      const { status, next } = statusAt(readWindows(row.windows), t);
      const won = await ctx.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('amenity_reservations')
          .set({ status, next_status_at: next === null ? null : toIso(next), updated_at: at })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .where('next_status_at', '=', row.next_status_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        if (status !== row.status) {
          await writeLog(trx, {
            reservationId: Number(row.id),
            event: 'status_changed',
            info: { from: row.status, to: status },
            by: null,
            at,
          });
        }
        if (status === 'expired')
          await revokeQr(trx, row.identifier_id === null ? null : Number(row.identifier_id), at);
        return true;
      });
      if (!won) continue;
      moved++;
      if (status === row.status) continue;
      changes.push({
        projectId: Number(row.project_id),
        // Only an expiry changes what doors hold (the QR leaves their lists).
        amenityIds: status === 'expired' ? [Number(row.amenity_id)] : [],
        days: [],
        reservations: [{ id: Number(row.id), amenity_id: Number(row.amenity_id), date: row.date, status }],
      });
    }
    if (due.length < BATCH || moved === 0) break;
  }
  return changes;
}

export function startReservationScheduler(
  ctx: Ctx,
  log: FastifyBaseLogger,
  intervalMs: number = AMENITY_LIMITS.schedulerIntervalMs,
): ReservationScheduler {
  let last: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const announce = async (changes: ReservationChange[]) => {
    for (const change of changes) {
      await announceReservationChange(ctx, change, {
        sync: change.amenityIds.length > 0,
        onError: (error) => log.warn({ err: error }, 'amenity door sync not requested'),
      });
    }
  };

  /** When the nearest live reservation moves next (capped by the interval). */
  const nearest = async (): Promise<number> => {
    const row = await ctx.db
      .selectFrom('amenity_reservations')
      .select('next_status_at')
      .where('next_status_at', 'is not', null)
      .where('status', 'in', LIVE)
      .orderBy('next_status_at')
      .limit(1)
      .executeTakeFirst();
    if (!row?.next_status_at) return intervalMs;
    const wait = Date.parse(row.next_status_at) - ctx.clock.now().getTime();
    return Math.max(0, Math.min(intervalMs, wait + 5));
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      tick()
        .catch((error: unknown) => log.error({ err: error }, 'reservation scheduler'))
        .finally(() => {
          nearest()
            .then(schedule)
            .catch(() => schedule(intervalMs));
        });
    }, ms);
    // The scheduler never keeps the process alive on its own.
    timer.unref();
  };

  const tick = (now?: Date) => {
    const run = last.then(async () => {
      const changes = await moveDueReservations(ctx, now ?? ctx.clock.now());
      await announce(changes);
      return changes.length;
    });
    last = run.catch(() => undefined);
    return run;
  };

  // The first tick catches up with whatever came due while the server was down.
  schedule(0);
  return {
    tick,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await last;
    },
  };
}
