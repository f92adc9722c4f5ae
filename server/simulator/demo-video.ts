import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_VMS } from '../db/seed/demo-integrations';
import { urlKeyOf } from '../domain/integrations/integrations';
import { startVideoPlatform, type VideoPlatform } from './video-platform';

/**
 * Demo mode's video platform: the simulated Axxon One platform on a free loopback port, over
 * HTTPS with its own certificate, signing in the demo integration's user and password. The demo
 * integration (seeded as DEMO_VMS) is pointed at it and given its certificate, so the pickers of
 * the door's video link list its macros and cameras, and a granted passage at the Main door
 * controller runs its macro (logged here).
 */
export async function startDemoVideoPlatform(options: {
  db: Kysely<Database>;
  log: (line: string) => void;
}): Promise<VideoPlatform | null> {
  const { db, log } = options;
  const integration = await db
    .selectFrom('integrations')
    .select(['id', 'user_name', 'password'])
    .where('name', '=', DEMO_VMS.name)
    .where('type', '=', 'axxon')
    .orderBy('id')
    .executeTakeFirst();
  if (!integration) return null;
  const platform = await startVideoPlatform({
    user: integration.user_name ?? '',
    password: integration.password ?? '',
    prefix: '/asip-api',
    onRun: (macro) => log(`Video platform: macro "${macro.name}" ran.`),
  });
  await db
    .updateTable('integrations')
    .set({
      url: platform.url,
      url_key: urlKeyOf(platform.url),
      certificate: platform.certificate,
      certificate_name: 'demo-vms.pem',
    })
    .where('id', '=', integration.id)
    .execute();
  log(`Demo video platform (Axxon One API) on ${platform.url}, linked to "${DEMO_VMS.door}".`);
  return platform;
}
