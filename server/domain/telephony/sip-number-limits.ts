import { type Kysely, sql } from 'kysely';
import * as v from 'valibot';
import { SIP_NUMBER_LIMITS } from '../../../src/contract/constants';
import { ERROR_CODES, type ErrorCode } from '../../../src/contract/errors';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { refused } from '../errors';
import { assertLicenceRoom } from '../licences/licence-limits';

/**
 * How many virtual numbers a project, a group and a user may hold (8.2
 * "Limits"). The defaults are SIP_NUMBER_LIMITS; a project's settings may set
 * its own under `sip_number_limits` ({ project, group, user }).
 */
export type SipNumberLimits = { project: number; group: number; user: number };

const limit = v.pipe(v.number(), v.integer(), v.minValue(0));
const SettingsSchema = v.looseObject({
  sip_number_limits: v.optional(v.partial(v.object({ project: limit, group: limit, user: limit })), {}),
});

export async function sipNumberLimits(db: Kysely<Database>, projectId: number): Promise<SipNumberLimits> {
  const row = await db.selectFrom('projects').select('settings').where('id', '=', projectId).executeTakeFirst();
  const settings = readJson(row?.settings ?? null, SettingsSchema, { sip_number_limits: {} });
  return { ...SIP_NUMBER_LIMITS, ...settings.sip_number_limits };
}

/** Who would hold a number: the groups it counts in follow from the holder. */
export interface Holder {
  user_id: number | null;
  device_id: number | null;
  domain_id: number | null;
}

/** The groups a number of this holder counts in: the group, the device's group, or the user's groups. */
export async function holderGroups(db: Kysely<Database>, projectId: number, holder: Holder): Promise<number[]> {
  if (holder.domain_id !== null) return [holder.domain_id];
  if (holder.device_id !== null) {
    const device = await db
      .selectFrom('devices')
      .select('domain_id')
      .where('id', '=', holder.device_id)
      .executeTakeFirst();
    return device?.domain_id ? [device.domain_id] : [];
  }
  if (holder.user_id !== null) {
    const rows = await db
      .selectFrom('user_domains as ud')
      .innerJoin('domains as d', 'd.id', 'ud.domain_id')
      .select('d.id')
      .where('ud.user_id', '=', holder.user_id)
      .where('d.project_id', '=', projectId)
      .execute();
    return rows.map((r) => r.id);
  }
  return [];
}

const exceeded = (message: ErrorCode, used: number, max: number) => refused(message, { params: { used, max } });

/**
 * Refuses a number the limits do not leave room for: the project's total, the
 * user's, and each group it would count in. `exceptId` is the number being
 * changed (it does not count against itself).
 */
export async function assertWithinLimits(
  db: Kysely<Database>,
  projectId: number,
  holder: Holder,
  options: { exceptId?: number; checkTotal: boolean },
): Promise<void> {
  const limits = await sipNumberLimits(db, projectId);
  const except = options.exceptId ?? 0;
  const count = async (condition: ReturnType<typeof sql>) => {
    const row = await sql<{ total: number | string }>`select count(*) as total from sip_numbers n
      left join devices dv on dv.id = n.device_id
      where n.project_id = ${projectId} and n.id <> ${except} and ${condition}`.execute(db);
    return Number(row.rows[0]?.total ?? 0);
  };
  if (options.checkTotal) {
    const used = await count(sql`1 = 1`);
    if (used >= limits.project) throw exceeded(ERROR_CODES.sipNumberLimitTotal, used, limits.project);
  }
  if (holder.user_id !== null) {
    const used = await count(sql`n.user_id = ${holder.user_id}`);
    if (used >= limits.user) throw exceeded(ERROR_CODES.sipNumberLimitUser, used, limits.user);
  }
  const groups = await holderGroups(db, projectId, holder);
  for (const group of groups) {
    const used = await count(sql`(n.domain_id = ${group} or dv.domain_id = ${group}
      or exists (select 1 from user_domains ud where ud.user_id = n.user_id and ud.domain_id = ${group}))`);
    if (used >= limits.group) throw exceeded(ERROR_CODES.sipNumberLimitGroup, used, limits.group);
  }
  // The licences' counts (8.2): the project's licensed numbers, and each group with a licence above the holder.
  await assertLicenceRoom(db, projectId, 'sip', groups, { exceptId: options.exceptId, project: options.checkTotal });
}
