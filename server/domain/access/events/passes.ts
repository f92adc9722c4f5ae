import type { AppContext } from '../../../context';
import { announceGuestKeys } from '../../guest-access/announce';
import { devicesForIdentifier } from '../sync/affected';
import { requestAccessSync } from '../sync/request';
import type { CountedPasses } from './record';

export type PassesCtx = Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'config' | 'clock'>;

/**
 * After the commit of passes counted by door events (record.ts): guest keys are told to their
 * granters' consoles (GuestKeyChanged, as the guest page's open does), and an identifier at its
 * limit has an identifiers sync requested for the doors it reaches, so they stop admitting it.
 * Below the limit the doors keep their older count: it only matters once the limit is reached.
 * Runs per identifier counted, not per event, and only the few at their limit look up devices.
 */
export async function followCountedPasses(ctx: PassesCtx, counted: readonly CountedPasses[]): Promise<void> {
  const projects = new Map<number, { guests: number[]; atLimit: number[] }>();
  for (const c of counted) {
    const project = projects.get(c.projectId) ?? { guests: [], atLimit: [] };
    if (c.guest) project.guests.push(c.id);
    if (c.atLimit) project.atLimit.push(c.id);
    projects.set(c.projectId, project);
  }
  for (const [projectId, { guests, atLimit }] of projects) {
    if (atLimit.length > 0) {
      const devices = (await Promise.all(atLimit.map((id) => devicesForIdentifier(ctx.db, id)))).flat();
      await requestAccessSync(ctx, projectId, devices, ['identifiers']);
    }
    await announceGuestKeys(ctx, projectId, guests);
  }
}
