import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { DEMO_PANEL } from './telephony';

/**
 * The demo's MQTT hardware (issue 11): Building A's Entrance panel gets its serial number and
 * MQTT password, and beside it two access controllers, a lift controller and a number-plate
 * camera. With GATEHOUSE_SIMULATOR=1 the simulator (server/simulator/demo-devices.ts) plays them,
 * so they come online at start. Serials are fixed; MQTT passwords are random, as every seeded
 * secret is, and the simulator reads them from the database.
 */
export const DEMO_DEVICES = [
  { name: DEMO_PANEL.name, type: 'panel', model: 'AA12', serial: 'GH-DEMO-PANEL-A' },
  { name: 'Main door controller', type: 'accesscontroller', model: 'AC02', serial: 'GH-DEMO-AC-1' },
  { name: 'Bike room controller', type: 'accesscontroller', model: 'AC02', serial: 'GH-DEMO-AC-2' },
  { name: 'Lift controller', type: 'liftcontroller', model: 'LC16', serial: 'GH-DEMO-LIFT-A' },
  { name: 'Parking plate camera', type: 'ip_camera', model: 'PC01', serial: 'GH-DEMO-CAM-1' },
] as const;

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
        created_by_user_id: seed.adminId,
        created_at: seed.now,
        updated_at: seed.now,
      })),
    )
    .execute();
}
