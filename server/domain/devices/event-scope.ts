import { type Expression, type SqlBool, sql } from 'kysely';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { Auth } from '../auth/auth-context';
import { groupReach, ownGroup } from './devices';

/**
 * Which devices' events and alarms a caller reaches (6.2), in SQL over a `devices as d` join;
 * null: every device of the project.
 * - events (devices.view_events): the devices the caller sees (devices.view_all: all; view
 *   descendants: their groups and below; else their own groups), and the ones they created;
 * - alarms (device_alarms.view): devices.view_all → all; else the caller's groups and every
 *   group below them (a guard of a building watches the whole building).
 */
const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);

export function eventDeviceScope(auth: Auth): Expression<SqlBool> | null {
  if (can(auth, 'devices.view_all')) return null;
  const reach = groupReach(auth, 'd.domain_id') ?? ownGroup(auth, 'd.domain_id');
  return sql<SqlBool>`(${reach} or d.created_by_user_id = ${auth.userId})`;
}

export function alarmDeviceScope(auth: Auth): Expression<SqlBool> | null {
  if (can(auth, 'devices.view_all')) return null;
  return sql<SqlBool>`exists (select 1 from user_domains aud inner join domains ag on ag.id = aud.domain_id
    inner join domains dg on dg.lft >= ag.lft and dg.rgt <= ag.rgt and dg.project_id = ag.project_id
    where aud.user_id = ${auth.userId} and ag.project_id = ${auth.projectId} and dg.id = d.domain_id)`;
}
