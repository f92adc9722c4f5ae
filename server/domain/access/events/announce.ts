import type { Kysely } from 'kysely';
import { maskIdentifierValue } from '../../../../src/contract/entities/access-event';
import { ACCESS_EVENTS_TOPIC, type AccessEventsAddedEvent } from '../../../../src/contract/realtime';
import type { Database } from '../../../db/schema';
import type { Realtime } from '../../../realtime/realtime';
import { effectivePermissions } from '../../auth/effective-permissions';
import { notify } from '../../notifications/notifications';
import type { RecordedAccess } from './record';

/**
 * After the ACS rows are committed: `AccessEventsAdded` on ACCESS_EVENTS_TOPIC per project (the
 * page reloads), and the notifications of §4 (docs/decisions.md "Access-control events"):
 * - `identifier_used` (normal) to whom the identifier concerns: its holder (a user), and for a
 *   guest key its granter (who made it), never to every operator (a door opens every few seconds);
 * - `revoked_identifier_used` (important, with sound) to its holder and to every member who watches
 *   ACS events of that door (system.view_acs_events within their device reach), since a revoked
 *   card at a door is a lost or stolen card being tried.
 * Either way the recipient's `acs` setting can switch it off (notify() checks it). The number is
 * masked in the payload: the recipients differ in what they may see; the ACS page shows the rest.
 */
export async function announceAccessEvents(
  deps: { db: Kysely<Database>; realtime: Realtime },
  recorded: readonly RecordedAccess[],
): Promise<void> {
  const added = new Map<number, { count: number; devices: Set<number> }>();
  for (const r of recorded) {
    const project = added.get(r.projectId) ?? { count: 0, devices: new Set<number>() };
    project.count++;
    project.devices.add(r.deviceId);
    added.set(r.projectId, project);
  }
  for (const [projectId, { count, devices }] of added) {
    const event: AccessEventsAddedEvent = { type: 'AccessEventsAdded', count, device_ids: [...devices] };
    deps.realtime.publish(ACCESS_EVENTS_TOPIC, event, { projectId });
  }

  const worth = recorded.filter((r) => r.identifierId !== null && (r.granted || r.reason === 'revoked'));
  if (worth.length === 0) return;
  const deviceIds = [...new Set(worth.map((r) => r.deviceId))];
  const devices = new Map(
    (
      await deps.db
        .selectFrom('devices')
        .select(['id', 'name', 'domain_id', 'created_by_user_id'])
        .where('id', 'in', deviceIds)
        .execute()
    ).map((d) => [Number(d.id), d]),
  );
  const watchers = new Map<number, number[]>();
  for (const r of worth) {
    const device = devices.get(r.deviceId);
    if (!device) continue;
    const revoked = r.reason === 'revoked';
    const userIds = [
      ...(r.userId !== null ? [r.userId] : []),
      ...(r.holderType === 'guest' && r.createdBy !== null ? [r.createdBy] : []),
    ];
    if (revoked) {
      let watching = watchers.get(r.deviceId);
      if (!watching) {
        watching = await acsWatchers(deps.db, r.projectId, {
          domainId: device.domain_id === null ? null : Number(device.domain_id),
          createdBy: device.created_by_user_id === null ? null : Number(device.created_by_user_id),
        });
        watchers.set(r.deviceId, watching);
      }
      userIds.push(...watching);
    }
    await notify(deps, {
      projectId: r.projectId,
      userIds,
      type: revoked ? 'revoked_identifier_used' : 'identifier_used',
      data: {
        device_id: Number(device.id),
        device: { id: Number(device.id), name: device.name },
        identifier_type: r.identifierType,
        identifier_number: maskIdentifierValue(r.identifierType, r.identifierValue),
        ...(r.identifierName ? { name: r.identifierName } : {}),
        ...(r.userId !== null && r.userName !== null ? { user: { id: r.userId, name: r.userName } } : {}),
        status: r.granted ? 'granted' : r.reason,
      },
    });
  }
}

/**
 * Members who watch ACS events of a device (the list's scope, event-scope.ts): holders of
 * system.view_acs_events whose device reach covers it — devices.view_all: every device; view
 * descendants: their groups and below; otherwise their own groups; and devices they created.
 */
export async function acsWatchers(
  db: Kysely<Database>,
  projectId: number,
  device: { domainId: number | null; createdBy: number | null },
): Promise<number[]> {
  const domainId = device.domainId ?? -1;
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select((eb) => [
      'm.user_id',
      'r.is_admin',
      'r.permissions',
      eb
        .exists(
          eb
            .selectFrom('user_domains as ud')
            .select('ud.user_id')
            .whereRef('ud.user_id', '=', 'm.user_id')
            .where('ud.domain_id', '=', domainId),
        )
        .as('own'),
      eb
        .exists(
          eb
            .selectFrom('user_domains as ud')
            .innerJoin('domains as ag', 'ag.id', 'ud.domain_id')
            .innerJoin('domains as dg', (j) =>
              j
                .onRef('dg.lft', '>=', 'ag.lft')
                .onRef('dg.rgt', '<=', 'ag.rgt')
                .onRef('dg.project_id', '=', 'ag.project_id'),
            )
            .select('ud.user_id')
            .whereRef('ud.user_id', '=', 'm.user_id')
            .where('ag.project_id', '=', projectId)
            .where('dg.id', '=', domainId),
        )
        .as('below'),
    ])
    .where('m.project_id', '=', projectId)
    .execute();
  return rows
    .filter((r) => {
      const permissions = effectivePermissions({ is_admin: Number(r.is_admin), permissions: r.permissions });
      if (!permissions.includes('system.view_acs_events')) return false;
      if (permissions.includes('devices.view_all')) return true;
      if (device.createdBy !== null && Number(r.user_id) === device.createdBy) return true;
      if (permissions.includes('devices.view_descendants')) return Boolean(Number(r.below));
      return Boolean(Number(r.own));
    })
    .map((r) => Number(r.user_id));
}
