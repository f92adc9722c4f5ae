import type { AppContext } from '../context';
import { DEMO_DEVICES } from '../db/seed/demo-devices';
import { requestAccessSync } from '../domain/access/sync/request';

/**
 * The demo's simulated doors start every run with their factory lists (demo-devices.ts), so the
 * server syncs its own to them at start: the cards the building's life presents are then the demo
 * users' real identifiers, and access events name their holders. The tasks wait for each device
 * to come online, like any sync. Answers how many tasks were made.
 */
export async function syncDemoDoors(ctx: Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'config'>) {
  const rows = await ctx.db
    .selectFrom('devices')
    .select(['id', 'project_id'])
    .where(
      'serial_number',
      'in',
      DEMO_DEVICES.map((d) => d.serial),
    )
    .execute();
  const byProject = new Map<number, number[]>();
  for (const row of rows) {
    const project = Number(row.project_id);
    byProject.set(project, [...(byProject.get(project) ?? []), Number(row.id)]);
  }
  let made = 0;
  for (const [project, ids] of byProject) made += (await requestAccessSync(ctx, project, ids)).length;
  return made;
}
