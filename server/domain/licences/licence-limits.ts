import { type Kysely, sql } from 'kysely';
import type { CountedFeature } from '../../../src/contract/entities/licence';
import { ERROR_CODES, type ErrorCode } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { refused } from '../errors';
import { GROUP_COUNT_KEY, inSubtree, type LicenceTree, loadLicenceTree } from './group-tree';

/**
 * The licence limits of 8.2 ("exceeding the maximum in project or group of virtual numbers,
 * mobile apps or UKEY2"): where a number, a mobile app or a UKEY2 is created, or moves to
 * another holder, the project's licensed count and the count of every group with settings
 * above its holder (outside a group's restrict period: none) must leave room. Refusals carry
 * `params: { used, max }`.
 */
const PROJECT_MESSAGE: Record<CountedFeature, ErrorCode> = {
  sip: ERROR_CODES.virtualNumbersProjectMax,
  mobile_app: ERROR_CODES.mobileAppsProjectMax,
  ukey2: ERROR_CODES.ukey2ProjectMax,
};
const GROUP_MESSAGE: Record<CountedFeature, ErrorCode> = {
  sip: ERROR_CODES.sipNumberLimitGroup,
  mobile_app: ERROR_CODES.mobileAppsGroupMax,
  ukey2: ERROR_CODES.ukey2GroupMax,
};

const total = (rows: { total: number | string }[]) => Number(rows[0]?.total ?? 0);
/** A user member of a group of the subtree. */
const memberBelow = (user: ReturnType<typeof sql.ref>, g: { lft: number; rgt: number }) => sql`exists (
  select 1 from user_domains ud inner join domains d on d.id = ud.domain_id
  where ud.user_id = ${user} and ${inSubtree('d', g)})`;

/** What the project holds of a counted feature (`exceptId`: the row being changed does not count). */
export async function usedInProject(db: Kysely<Database>, projectId: number, feature: CountedFeature, exceptId = 0) {
  const q =
    feature === 'sip'
      ? sql<{
          total: number;
        }>`select count(*) as total from sip_numbers where project_id = ${projectId} and id <> ${exceptId}`
      : feature === 'mobile_app'
        ? sql<{
            total: number;
          }>`select count(*) as total from mobile_clients where project_id = ${projectId} and id <> ${exceptId}`
        : sql<{ total: number }>`select count(*) as total from identifiers
            where project_id = ${projectId} and type = 'ukey2' and id <> ${exceptId}`;
  return total((await q.execute(db)).rows);
}

/**
 * What a group's subtree holds: numbers of its groups, of their devices and of their members;
 * mobile apps and UKEY2 of their members.
 */
export async function usedInGroup(
  db: Kysely<Database>,
  projectId: number,
  feature: CountedFeature,
  g: { lft: number; rgt: number },
  exceptId = 0,
): Promise<number> {
  let q: ReturnType<typeof sql<{ total: number }>>;
  if (feature === 'sip') {
    q = sql<{ total: number }>`select count(*) as total from sip_numbers n
      left join devices dv on dv.id = n.device_id
      where n.project_id = ${projectId} and n.id <> ${exceptId} and (
        exists (select 1 from domains d where d.id = n.domain_id and ${inSubtree('d', g)})
        or exists (select 1 from domains d where d.id = dv.domain_id and ${inSubtree('d', g)})
        or ${memberBelow(sql.ref('n.user_id'), g)})`;
  } else if (feature === 'mobile_app') {
    q = sql<{ total: number }>`select count(*) as total from mobile_clients m
      where m.project_id = ${projectId} and m.id <> ${exceptId} and ${memberBelow(sql.ref('m.user_id'), g)}`;
  } else {
    q = sql<{ total: number }>`select count(*) as total from identifiers i
      where i.project_id = ${projectId} and i.type = 'ukey2' and i.id <> ${exceptId}
        and ${memberBelow(sql.ref('i.owner_id'), g)}`;
  }
  return total((await q.execute(db)).rows);
}

/** The groups a user belongs to in the project (where a mobile app or a UKEY2 of theirs counts). */
export async function userGroups(db: Kysely<Database>, projectId: number, userId: number | null): Promise<number[]> {
  if (userId === null) return [];
  const rows = await db
    .selectFrom('user_domains as ud')
    .innerJoin('domains as d', 'd.id', 'ud.domain_id')
    .select('d.id')
    .where('ud.user_id', '=', userId)
    .where('d.project_id', '=', projectId)
    .execute();
  return rows.map((r) => r.id);
}

/** The limit a group's own settings set at `now` (null: none of its own). */
function ownLimit(tree: LicenceTree, id: number, feature: CountedFeature, now: number): number | null {
  const s = tree.groups.get(id)?.settings;
  if (!s) return null;
  const p = s.restrictPeriod;
  if (p.is_active && (now < p.from * 1000 || now > p.to * 1000)) return 0;
  const own = s[GROUP_COUNT_KEY[feature]];
  return own.is_enabled ? own.license_count : 0;
}

/**
 * Refuses one more of `feature` for a holder in `groups`: the project's licensed count (when
 * `project` is checked: a new row, not a row that only changes holder) and every group with
 * settings above the holder's groups.
 */
export async function assertLicenceRoom(
  db: Kysely<Database>,
  projectId: number,
  feature: CountedFeature,
  groups: readonly number[],
  options: { exceptId?: number; project: boolean; now?: Date },
): Promise<void> {
  const tree = await loadLicenceTree(db, projectId);
  const now = (options.now ?? new Date()).getTime();
  const except = options.exceptId ?? 0;
  const max = tree.project.counts[feature];
  if (options.project && max !== null) {
    const used = await usedInProject(db, projectId, feature, except);
    if (used >= max) throw refused(PROJECT_MESSAGE[feature], { params: { used, max } });
  }
  const checked = new Set<number>();
  for (const id of groups) {
    for (const g of tree.chain(id)) {
      if (checked.has(g.id)) continue;
      checked.add(g.id);
      const limit = ownLimit(tree, g.id, feature, now);
      if (limit === null) continue;
      const used = await usedInGroup(db, projectId, feature, g, except);
      if (used >= limit) throw refused(GROUP_MESSAGE[feature], { params: { used, max: limit } });
    }
  }
}

/**
 * A mobile app installation for `userId` (8.2): the project's licensed mobile apps and the
 * counts of the user's groups. The mobile app's login (not built yet) calls this before it
 * registers a new installation.
 */
export async function assertMobileAppRoom(db: Kysely<Database>, projectId: number, userId: number): Promise<void> {
  await assertLicenceRoom(db, projectId, 'mobile_app', await userGroups(db, projectId, userId), { project: true });
}
