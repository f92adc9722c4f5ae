import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { DEMO_PANEL } from './telephony';

/**
 * The demo's MQTT hardware (issue 11): Building A's Entrance panel gets its serial number and
 * MQTT password, and beside it two access controllers, a lift controller and a number-plate
 * camera; the lift controller drives Building A's elevator. With the simulator on (the demo's
 * default) server/simulator/demo-devices.ts plays them, so they come online at start. Serials are fixed; MQTT passwords are random, as every seeded
 * secret is, and the simulator reads them from the database.
 */
export const DEMO_DEVICES = [
  { name: DEMO_PANEL.name, type: 'panel', model: 'AA12', serial: 'GH-DEMO-PANEL-A' },
  { name: 'Main door controller', type: 'accesscontroller', model: 'AC02', serial: 'GH-DEMO-AC-1' },
  { name: 'Bike room controller', type: 'accesscontroller', model: 'AC02', serial: 'GH-DEMO-AC-2' },
  { name: 'Lift controller', type: 'liftcontroller', model: 'LC16', serial: 'GH-DEMO-LIFT-A' },
  { name: 'Parking plate camera', type: 'ip_camera', model: 'PC01', serial: 'GH-DEMO-CAM-1' },
] as const;

/**
 * The demo lift's floor map (section 3): the lobby with the entrance panel, the apartment
 * floors above. The simulator plays the same map, so lift calls from the console land.
 */
export const DEMO_LIFT_FLOORS = [
  { floor: 1, name: 'Lobby', is_panel_floor: true, apartments: [] as string[], ports: [1] },
  { floor: 2, name: null, is_panel_floor: false, apartments: ['201', '202'], ports: [2] },
  { floor: 3, name: null, is_panel_floor: false, apartments: ['301', '302'], ports: [3] },
  { floor: 4, name: null, is_panel_floor: false, apartments: ['401', '402'], ports: [4] },
];
/** The elevator the demo lift controller drives. */
export const DEMO_ELEVATOR = 'Building A lift';

/** The demo lift's settings: access mode on, called both ways. */
const DEMO_LIFT_SETTINGS = JSON.stringify({
  lift_controller: { enabled: true, settings: { device_mode: 'call-up-down' } },
});

const mqttPassword = () => randomBytes(18).toString('base64url');

/** Runs after seedTelephony (which creates the Entrance panel, with its number) in the same transaction. */
export async function seedDemoDevices(
  trx: Transaction<Database>,
  seed: { projectId: number; adminId: number; group: number; now: string },
): Promise<void> {
  const [panel, ...others] = DEMO_DEVICES;
  await trx
    .updateTable('devices')
    .set({ serial_number: panel.serial, model: panel.model, mqtt_password: mqttPassword() })
    .where('project_id', '=', seed.projectId)
    .where('name', '=', panel.name)
    .execute();
  await trx
    .insertInto('devices')
    .values(
      others.map((d) => ({
        project_id: seed.projectId,
        name: d.name,
        type: d.type,
        model: d.model,
        serial_number: d.serial,
        mqtt_password: mqttPassword(),
        domain_id: seed.group,
        token: randomBytes(24).toString('base64url'),
        settings: d.type === 'liftcontroller' ? DEMO_LIFT_SETTINGS : '{}',
        created_by_user_id: seed.adminId,
        created_at: seed.now,
        updated_at: seed.now,
      })),
    )
    .execute();
  const lift = await trx
    .selectFrom('devices')
    .select('id')
    .where('project_id', '=', seed.projectId)
    .where('type', '=', 'liftcontroller')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('device_floors')
    .values(
      DEMO_LIFT_FLOORS.map((f) => ({
        device_id: lift.id,
        floor: f.floor,
        name: f.name,
        is_panel_floor: f.is_panel_floor ? 1 : 0,
        apartments: JSON.stringify(f.apartments),
        ports: JSON.stringify(f.ports),
      })),
    )
    .execute();
  // Building A's lift, driven by the lift controller: the elevators page and the lift call have it.
  const elevator = await trx
    .insertInto('elevators')
    .values({
      project_id: seed.projectId,
      name: DEMO_ELEVATOR,
      domain_id: seed.group,
      created_by_user_id: seed.adminId,
      created_at: seed.now,
      updated_at: seed.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('elevator_devices').values({ elevator_id: elevator.id, device_id: lift.id }).execute();
}
