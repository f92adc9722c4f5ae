import {
  AMENITIES_TOPIC,
  type AmenityReservationChangedEvent,
  type AmenityStateChangedEvent,
} from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { devicesOfRules } from '../access/sync/affected';
import { requestAccessSync } from '../access/sync/request';
import { rulesOfAmenities } from './amenity-writes';
import type { ReservationChange } from './reservation-writes';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'config'>;

/**
 * After a reservation change is committed: the doors of its amenities are asked to sync their
 * identifiers list (a QR came, changed or went: access/decide/grants.ts), and the project hears
 * which days' places and which reservations changed (AMENITIES_TOPIC), so day views and lists
 * read again. A sync that cannot be requested is reported, never undoes the booking.
 */
export async function announceReservationChange(
  ctx: Ctx,
  change: ReservationChange,
  options: { sync?: boolean; onError?: (error: unknown) => void } = {},
): Promise<void> {
  if (options.sync !== false) {
    try {
      const devices = await devicesOfRules(ctx.db, await rulesOfAmenities(ctx.db, change.amenityIds));
      await requestAccessSync(ctx, change.projectId, devices, ['identifiers']);
    } catch (error) {
      options.onError?.(error);
    }
  }
  const at = new Date().toISOString();
  const days = new Map(change.days.map((d) => [`${d.amenity_id}|${d.date}`, d]));
  for (const day of days.values()) {
    const event: AmenityStateChangedEvent = {
      type: 'AmenityStateChanged',
      amenity_id: day.amenity_id,
      date: day.date,
      at,
    };
    ctx.realtime.publish(AMENITIES_TOPIC, event, { projectId: change.projectId });
  }
  for (const r of change.reservations) {
    const event: AmenityReservationChangedEvent = {
      type: 'AmenityReservationChanged',
      reservation_id: r.id,
      amenity_id: r.amenity_id,
      date: r.date,
      status: r.status,
      at,
    };
    ctx.realtime.publish(AMENITIES_TOPIC, event, { projectId: change.projectId });
  }
}
