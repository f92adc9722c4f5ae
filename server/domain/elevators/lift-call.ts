import type { Kysely } from 'kysely';
import { LIFT_CALL_TIMEOUT_MS } from '../../../src/contract/constants';
import type { FloorMapEntry } from '../../../src/contract/entities/device';
import type { ElevatorFloor, LiftCall } from '../../../src/contract/entities/elevator';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { type DeviceLink, DeviceLinkError } from '../../mqtt/link';
import { floorMaps, storedSettings } from '../devices/devices';
import { conflict, invalidData, refused } from '../errors';

/**
 * An elevator's floors and the lift call (7.4). The floors are the floor maps of its
 * controllers, merged by floor number; `mode=access` leaves out public floors (open to
 * everyone, nothing for an access rule to grant). A lift call goes straight to a
 * controller as a `lift.call` device request (docs/device-protocol.md): it is immediate,
 * so it is not a durable device task (docs/decisions.md, Elevators).
 */

interface Controller {
  id: number;
  serial: string | null;
  mode: string | null;
  floors: FloorMapEntry[];
}

async function controllersOf(db: Kysely<Database>, elevatorId: number): Promise<Controller[]> {
  const rows = await db
    .selectFrom('elevator_devices as ed')
    .innerJoin('devices as d', 'd.id', 'ed.device_id')
    .select(['d.id', 'd.serial_number', 'd.settings'])
    .where('ed.elevator_id', '=', elevatorId)
    .orderBy('d.id')
    .execute();
  const maps = await floorMaps(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const floors = maps.get(Number(r.id)) ?? [];
    return {
      id: Number(r.id),
      serial: r.serial_number,
      mode: storedSettings(r.settings, null, floors).lift_controller.settings.device_mode,
      floors,
    };
  });
}

export async function elevatorFloors(
  db: Kysely<Database>,
  elevatorId: number,
  mode: 'access' | undefined,
): Promise<ElevatorFloor[]> {
  const byFloor = new Map<number, ElevatorFloor>();
  for (const controller of await controllersOf(db, elevatorId)) {
    for (const entry of controller.floors) {
      const known = byFloor.get(entry.floor);
      byFloor.set(entry.floor, {
        floor: entry.floor,
        name: known?.name ?? entry.name,
        is_public: (known?.is_public ?? false) || entry.is_public,
        is_panel_floor: (known?.is_panel_floor ?? false) || entry.is_panel_floor,
        apartments: [...new Set([...(known?.apartments ?? []), ...entry.apartments])],
      });
    }
  }
  const floors = [...byFloor.values()].sort((a, b) => a.floor - b.floor);
  return mode === 'access' ? floors.filter((f) => !f.is_public) : floors;
}

/** Whether a controller in this lift device mode (section 9) takes a call in this direction. */
function allows(mode: string | null, direction: LiftCall['direction']): boolean {
  if (direction === null || mode === null || mode === 'call-up-down') return true;
  return mode === `call-${direction}`;
}

/**
 * Calls the lift: the first online controller whose floor map has the floor (and the
 * apartment on it) and whose mode takes the direction. A floor or apartment not on any map,
 * or a direction no controller takes, is a field error; no such controller online is
 * `device offline, cannot connect`.
 */
export async function callLift(
  db: Kysely<Database>,
  link: DeviceLink,
  elevatorId: number,
  call: LiftCall,
): Promise<void> {
  const controllers = await controllersOf(db, elevatorId);
  let serving = controllers.filter((c) => c.floors.some((f) => f.floor === call.floor));
  if (serving.length === 0) throw invalidData({ floor: { code: 'not_on_floor_map' } });
  const { apartment } = call;
  if (apartment !== null) {
    serving = serving.filter((c) => c.floors.some((f) => f.floor === call.floor && f.apartments.includes(apartment)));
    if (serving.length === 0) throw invalidData({ apartment: { code: 'not_on_floor_map' } });
  }
  serving = serving.filter((c) => allows(c.mode, call.direction));
  if (serving.length === 0) throw invalidData({ direction: { code: 'invalid' } });
  const online = serving.find((c) => c.serial !== null && link.isOnline(c.serial));
  if (!online?.serial) throw conflict(ERROR_CODES.deviceOffline);
  const body: Record<string, unknown> = { floor: call.floor };
  if (apartment !== null) body.apartment = apartment;
  if (call.direction !== null) body.direction = call.direction;
  try {
    await link.request(online.serial, 'lift.call', body, { timeoutMs: LIFT_CALL_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof DeviceLinkError)) throw error;
    // The controller's own map disagrees with ours (not yet applied to it).
    if (error.code === 'refused' && error.deviceCode === 'floor_not_mapped') {
      throw invalidData({ floor: { code: 'not_on_floor_map' } });
    }
    if (error.code === 'refused') throw refused(ERROR_CODES.cannotPerformAction);
    throw conflict(ERROR_CODES.deviceOffline);
  }
}
