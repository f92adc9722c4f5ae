import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * The demo's video platform integration (docs/decisions.md "Integrations"): a project-level
 * integration to the simulated Axxon One platform (server/simulator/video-platform.ts), and the
 * Main door controller linked to it, so a granted passage there runs a macro. The platform's
 * address and certificate are the simulator's, written when demo mode starts it (its port and
 * certificate change with each start); until then the address names nothing.
 */
export const DEMO_VMS = {
  name: 'Riverside VMS',
  user: 'gatehouse',
  /** Where the integration points until the simulator starts (nothing listens there). */
  url: 'https://127.0.0.1:1/asip-api',
  door: 'Main door controller',
  macro: { name: 'Bookmark entrance passage', guid: '4fd9420e-0d22-4684-9f0a-3514240cc1ac' },
  camera: { name: 'Entrance', accessPoint: 'hosts/VMS1/DeviceIpint.1/SourceEndpoint.video:0:0' },
} as const;

/** Runs after seedDemoDevices, in the same transaction. */
export async function seedDemoIntegrations(
  trx: Transaction<Database>,
  seed: { projectId: number; adminId: number; now: string },
): Promise<void> {
  const { id } = await trx
    .insertInto('integrations')
    .values({
      project_id: seed.projectId,
      domain_id: null,
      type: 'axxon',
      name: DEMO_VMS.name,
      url: DEMO_VMS.url,
      url_key: DEMO_VMS.url.toLowerCase(),
      user_name: DEMO_VMS.user,
      // A secret like the demo's others: random per seed; the simulator reads it when it starts.
      password: randomBytes(12).toString('base64url'),
      created_by_user_id: seed.adminId,
      created_at: seed.now,
      updated_at: seed.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('devices')
    .set({
      settings: JSON.stringify({
        integration_axxon: {
          integration_id: Number(id),
          direction: 'in',
          macro_name: DEMO_VMS.macro.name,
          macro_guid: DEMO_VMS.macro.guid,
          camera_name: DEMO_VMS.camera.name,
          camera_guid: DEMO_VMS.camera.accessPoint,
        },
      }),
    })
    .where('project_id', '=', seed.projectId)
    .where('name', '=', DEMO_VMS.door)
    .execute();
}
