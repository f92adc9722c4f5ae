import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { DoorDevice } from '../../../src/contract/entities/calls';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { SipNumberInfo } from '../../sip/directory';
import { effectivePermissions } from '../auth/effective-permissions';

/**
 * Calls management rules (7.6): who is concerned by an awaiting call, what the
 * console shows about a caller, a user's own numbers, the concierge's doors.
 */

/**
 * The numbers whose owners are concerned by an awaiting call to `callee`: the
 * active numbers of the project's users whose role holds `concierge.reception`.
 */
export async function conciergeNumbers(db: Kysely<Database>, callee: SipNumberInfo): Promise<string[]> {
  const rows = await db
    .selectFrom('sip_numbers')
    .innerJoin('users', 'users.id', 'sip_numbers.user_id')
    .innerJoin('memberships', (j) =>
      j.onRef('memberships.user_id', '=', 'users.id').onRef('memberships.project_id', '=', 'sip_numbers.project_id'),
    )
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select(['sip_numbers.number', 'roles.is_admin', 'roles.permissions'])
    .where('sip_numbers.project_id', '=', callee.projectId)
    .where('sip_numbers.is_active', '=', 1)
    .where('users.deleted_at', 'is', null)
    .orderBy('sip_numbers.number')
    .execute();
  return rows.filter((r) => effectivePermissions(r).includes('concierge.reception')).map((r) => r.number);
}

/** Who is calling, as the call card shows it: the caller's group (or door device) and user. */
export async function describeCaller(
  db: Kysely<Database>,
  caller: SipNumberInfo,
): Promise<{ address: string | null; user: string | null }> {
  const group = caller.domainId
    ? await db.selectFrom('domains').select('name').where('id', '=', caller.domainId).executeTakeFirst()
    : undefined;
  const device =
    !group && caller.deviceId
      ? await db.selectFrom('devices').select('name').where('id', '=', caller.deviceId).executeTakeFirst()
      : undefined;
  return { address: group?.name ?? device?.name ?? null, user: caller.userName };
}

/** The active numbers a user owns in a project. */
export async function ownNumbers(db: Kysely<Database>, userId: number, projectId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sip_numbers')
    .select('number')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('is_active', '=', 1)
    .execute();
  return rows.map((r) => r.number);
}

/** Door devices of the project that own an active number (the dialer's door management). */
export async function conciergeDevices(db: Kysely<Database>, projectId: number): Promise<DoorDevice[]> {
  const rows = await db
    .selectFrom('devices')
    .innerJoin('sip_numbers', 'sip_numbers.device_id', 'devices.id')
    .select(['devices.token', 'devices.name', 'sip_numbers.number'])
    .where('devices.project_id', '=', projectId)
    .where('sip_numbers.is_active', '=', 1)
    .orderBy('devices.name')
    .execute();
  return rows.map((r) => ({ token: r.token, name: r.name, sip_number: r.number }));
}

/** The active number of the project's device with this token, or null. */
export async function deviceNumber(db: Kysely<Database>, projectId: number, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('devices')
    .innerJoin('sip_numbers', 'sip_numbers.device_id', 'devices.id')
    .select('sip_numbers.number')
    .where('devices.project_id', '=', projectId)
    .where('devices.token', '=', token)
    .where('sip_numbers.is_active', '=', 1)
    .executeTakeFirst();
  return row?.number ?? null;
}

/** Whether a user owns this active number in the project (who may listen to its call-management topic). */
export async function ownsNumber(db: Kysely<Database>, userId: number, projectId: number, number: string) {
  const row = await db
    .selectFrom('sip_numbers')
    .select('id')
    .where('number', '=', number)
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

const GroupIdsSchema = v.array(v.number());

/**
 * Numbers that intercept calls to `callee` (call interception, 7.6): the active numbers of users
 * whose interception is on, whose role holds `calls.interception`, and who chose a group that
 * contains the callee's group (the number's own group or its user's groups; a chosen group
 * includes the groups below it). The callee's own user and the caller are left out.
 */
export async function interceptorNumbers(
  db: Kysely<Database>,
  callee: SipNumberInfo,
  callerNumber: string,
): Promise<string[]> {
  const settings = await db
    .selectFrom('interception_settings as s')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.user_id', '=', 's.user_id').onRef('m.project_id', '=', 's.project_id'),
    )
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .innerJoin('sip_numbers as n', (j) =>
      j.onRef('n.user_id', '=', 's.user_id').onRef('n.project_id', '=', 's.project_id'),
    )
    .select(['s.user_id', 's.domains', 'r.is_admin', 'r.permissions', 'n.number'])
    .where('s.project_id', '=', callee.projectId)
    .where('s.is_active', '=', 1)
    .where('n.is_active', '=', 1)
    .execute();
  const active = settings.filter(
    (s) =>
      s.user_id !== callee.userId &&
      s.number !== callerNumber &&
      effectivePermissions(s).includes('calls.interception'),
  );
  if (active.length === 0) return [];

  const calleeGroups = new Set<number>(callee.domainId ? [callee.domainId] : []);
  if (callee.userId) {
    const rows = await db.selectFrom('user_domains').select('domain_id').where('user_id', '=', callee.userId).execute();
    for (const r of rows) calleeGroups.add(r.domain_id);
  }
  if (calleeGroups.size === 0) return [];
  const chosen = new Map(active.map((s) => [s, readJson(s.domains, GroupIdsSchema, [])]));
  const ids = [...new Set([...calleeGroups, ...[...chosen.values()].flat()])];
  const bounds = new Map(
    (
      await db
        .selectFrom('domains')
        .select(['id', 'lft', 'rgt'])
        .where('project_id', '=', callee.projectId)
        .where('id', 'in', ids)
        .execute()
    ).map((d) => [d.id, d]),
  );
  const inside = (group: number, ancestor: number) => {
    const g = bounds.get(group);
    const a = bounds.get(ancestor);
    return g !== undefined && a !== undefined && a.lft <= g.lft && g.rgt <= a.rgt;
  };
  const numbers = active
    .filter((s) => chosen.get(s)!.some((a) => [...calleeGroups].some((g) => inside(g, a))))
    .map((s) => s.number);
  return [...new Set(numbers)].filter((n) => n !== callee.number);
}
