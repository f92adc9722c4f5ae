import { type Kysely, sql } from 'kysely';
import {
  COUNTED_FEATURES,
  type CountedFeature,
  type GroupLicenceSettings,
  type GroupLicenseInfo,
  type LicenceConsistencyError,
} from '../../../src/contract/entities/licence';
import type { UserLicenseInfo } from '../../../src/contract/entities/user';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { conflict, invalidData, itemNotFound } from '../errors';
import {
  asRestrictPeriod,
  type Effective,
  effectiveOf,
  GROUP_COUNT_KEY,
  type LicenceTree,
  loadLicenceTree,
  type TreeGroup,
  withinPeriod,
} from './group-tree';
import { usedInGroup } from './licence-limits';

/**
 * A group's licence (section 3: counts and periods of virtual numbers, mobile apps and UKEY2,
 * feature flags, restrict period, notices) read as `licenseInfo`, and saved under the
 * consistency rules of section 5 and 8.1: a child never exceeds its parent (features, counts,
 * period), a parent never drops below a child, SIP at least mobile apps, counts not below what
 * the group already holds (8.2 "used-count conflicts").
 */

/** Groups the caller's licence view reaches (6.2: own, descendant or all groups); null: every group. */
export function licenceScope(auth: Auth): 'all' | 'descendants' | 'own' | null {
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(auth.role.permissions, p);
  if (can('licences.view_all') || can('licences.manage') || can('licences.edit_group_counts')) return 'all';
  if (can('licences.view_descendants')) return 'descendants';
  if (can('licences.view_own')) return 'own';
  return null;
}

/** SQL over `domains as <alias>`: the groups of the caller's licence view (reports, object scope). */
export function licenceScopeSql(auth: Auth, alias: string, fallback: 'descendants' | null = null) {
  const scope = licenceScope(auth) ?? fallback;
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  if (scope === 'all') return sql<boolean>`1 = 1`;
  if (scope === 'descendants') {
    return sql<boolean>`exists (
      select 1 from user_domains ud inner join domains g on g.id = ud.domain_id
      where ud.user_id = ${auth.userId} and g.project_id = ${auth.projectId}
        and ${col('lft')} >= g.lft and ${col('rgt')} <= g.rgt)`;
  }
  if (scope === 'own') {
    return sql<boolean>`${col('id')} in (select ud.domain_id from user_domains ud where ud.user_id = ${auth.userId})`;
  }
  return sql<boolean>`1 = 0`;
}

/** Ids among `ids` the caller's licence view reaches. */
export async function visibleLicenceGroups(
  db: Kysely<Database>,
  auth: Auth,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('domains as d')
    .select('d.id')
    .where('d.project_id', '=', auth.projectId)
    .where('d.id', 'in', [...ids])
    .where(licenceScopeSql(auth, 'd'))
    .execute();
  return rows.map((r) => r.id);
}

async function usedOf(db: Kysely<Database>, projectId: number, g: TreeGroup) {
  const used = await Promise.all(COUNTED_FEATURES.map((f) => usedInGroup(db, projectId, f, g)));
  return Object.fromEntries(COUNTED_FEATURES.map((f, i) => [f, used[i] ?? 0])) as Record<CountedFeature, number>;
}

/** A group's `licenseInfo`: its own settings (or what it inherits), what it may hold and what it holds. */
export function toLicenseInfo(tree: LicenceTree, g: TreeGroup, used: Record<CountedFeature, number>): GroupLicenseInfo {
  const e = effectiveOf(tree, g.id);
  const s = g.settings;
  const counted = (f: CountedFeature) => {
    const key = GROUP_COUNT_KEY[f];
    return {
      is_enabled: s ? s[key].is_enabled : e.flags[key],
      license_count: s ? s[key].license_count : null,
      available: e.counts[f],
      used: used[f],
    };
  };
  return {
    own: s !== null,
    sip: counted('sip'),
    mobileApp: counted('mobile_app'),
    ukey2: counted('ukey2'),
    elevator: s ? s.elevator : e.flags.elevator,
    amenity: s ? s.amenity : e.flags.amenity,
    licensePlate: s ? s.licensePlate : e.flags.licensePlate,
    identifier: { guest: s ? s.identifier.guest : e.flags.guest },
    restrictPeriod: s ? s.restrictPeriod : asRestrictPeriod(e.period),
    notifications: s ? s.notifications : e.notifications,
  };
}

export async function readGroupLicence(db: Kysely<Database>, projectId: number, id: number): Promise<GroupLicenseInfo> {
  const tree = await loadLicenceTree(db, projectId);
  const g = tree.groups.get(id);
  if (!g) throw itemNotFound();
  return toLicenseInfo(tree, g, await usedOf(db, projectId, g));
}

/** `licenseInfo` of many groups for lists and items (one tree, counted per group). */
export async function licenseInfoOf(
  db: Kysely<Database>,
  auth: Auth,
  ids: readonly number[],
): Promise<Map<number, GroupLicenseInfo>> {
  const out = new Map<number, GroupLicenseInfo>();
  const visible = await visibleLicenceGroups(db, auth, ids);
  if (visible.length === 0) return out;
  const tree = await loadLicenceTree(db, auth.projectId);
  for (const id of visible) {
    const g = tree.groups.get(id);
    if (g) out.set(id, toLicenseInfo(tree, g, await usedOf(db, auth.projectId, g)));
  }
  return out;
}

// -------------------------------------------------------------------------------------------
// Consistency.
// -------------------------------------------------------------------------------------------

const FLAGS = [
  ['elevator', (s: GroupLicenceSettings) => s.elevator, (e: Effective) => e.flags.elevator],
  ['amenity', (s: GroupLicenceSettings) => s.amenity, (e: Effective) => e.flags.amenity],
  ['licensePlate', (s: GroupLicenceSettings) => s.licensePlate, (e: Effective) => e.flags.licensePlate],
  ['identifier', (s: GroupLicenceSettings) => s.identifier.guest, (e: Effective) => e.flags.guest],
  ['sip', (s: GroupLicenceSettings) => s.sip.is_enabled, (e: Effective) => e.flags.sip],
  ['mobileApp', (s: GroupLicenceSettings) => s.mobileApp.is_enabled, (e: Effective) => e.flags.mobileApp],
  ['ukey2', (s: GroupLicenceSettings) => s.ukey2.is_enabled, (e: Effective) => e.flags.ukey2],
] as const;

const refOf = (g: TreeGroup | null) => (g ? { id: g.id, name: g.name } : null);

/**
 * The consistency errors of saving `settings` as the own licence of group `id`: against the
 * parent (the nearest ancestor with settings, else the project) and against each subgroup
 * with settings of its own.
 */
export function consistencyErrors(
  tree: LicenceTree,
  id: number,
  settings: GroupLicenceSettings,
): LicenceConsistencyError[] {
  const errors: LicenceConsistencyError[] = [];
  const parent = effectiveOf(tree, id, { exclusive: true });
  const side = parent.source;
  const licenseType = side ? null : (tree.project.type ?? 'unknown');
  // "With period limit": the period the parent's count holds for.
  const parentPeriod = side ? parent.period : tree.project.period;
  const base = { license_type: licenseType, group: refOf(side) };

  for (const [feature, own, effective] of FLAGS) {
    if (own(settings) && !effective(parent)) {
      errors.push({ type: 'type_missing', feature, relation: 'parent', ...base, period: null, qty: null });
    }
  }
  for (const f of COUNTED_FEATURES) {
    const key = GROUP_COUNT_KEY[f];
    const target = settings[key].license_count;
    const available = parent.counts[f];
    if (settings[key].is_enabled && target !== null && available !== null && target > available) {
      errors.push({
        type: 'quantity_exceeded',
        feature: key,
        relation: 'parent',
        ...base,
        period: parentPeriod,
        qty: { target, available },
      });
    }
  }
  // The period lies within the project's licences, and within the nearest period above it.
  const p = settings.restrictPeriod;
  const outside = (q: { from: number; to: number } | null) => q !== null && (p.from < q.from || p.to > q.to);
  const projectPeriod = tree.project.period;
  if (p.is_active && outside(projectPeriod)) {
    const project = { license_type: tree.project.type ?? 'unknown', group: null };
    errors.push({
      type: 'period_missing',
      feature: 'restrictPeriod',
      relation: 'parent',
      ...project,
      period: projectPeriod,
      qty: null,
    });
  } else if (p.is_active && side && outside(parent.period)) {
    errors.push({
      type: 'period_missing',
      feature: 'restrictPeriod',
      relation: 'parent',
      ...base,
      period: parent.period,
      qty: null,
    });
  }

  // Subgroups with settings: what they have must stay within what this group now gives.
  for (const child of tree.descendants(id)) {
    const cs = child.settings;
    if (!cs) continue;
    const childBase = { license_type: null, group: refOf(child) };
    for (const [feature, own] of FLAGS) {
      if (own(cs) && !own(settings)) {
        errors.push({ type: 'type_missing', feature, relation: 'child', ...childBase, period: null, qty: null });
      }
    }
    for (const f of COUNTED_FEATURES) {
      const key = GROUP_COUNT_KEY[f];
      const mine = settings[key].is_enabled ? settings[key].license_count : 0;
      const theirs = cs[key].is_enabled ? cs[key].license_count : 0;
      // A subgroup without a count of its own is held by this one's anyway.
      if (mine !== null && theirs !== null && theirs > mine) {
        errors.push({
          type: 'quantity_exceeded',
          feature: key,
          relation: 'child',
          ...childBase,
          period: null,
          qty: { target: mine, available: theirs },
        });
      }
    }
    const cp = cs.restrictPeriod;
    if (p.is_active && cp.is_active && (cp.from < p.from || cp.to > p.to)) {
      errors.push({
        type: 'period_missing',
        feature: 'restrictPeriod',
        relation: 'child',
        ...childBase,
        period: { from: cp.from, to: cp.to },
        qty: null,
      });
    }
  }
  return errors;
}

/** Field rules of a group's licence: SIP at least mobile apps; a period that starts before it ends. */
function fieldErrors(settings: GroupLicenceSettings): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const sip = settings.sip.is_enabled ? settings.sip.license_count : 0;
  const mobile = settings.mobileApp.is_enabled ? settings.mobileApp.license_count : 0;
  if (mobile !== null && (sip === null ? !settings.sip.is_enabled : sip < mobile)) {
    errors['licenseInfo.sip.license_count'] = { code: 'min_value', params: { min: mobile } };
  }
  if (settings.restrictPeriod.is_active && settings.restrictPeriod.from > settings.restrictPeriod.to) {
    errors['licenseInfo.restrictPeriod.to'] = { code: 'time_order' };
  }
  return errors;
}

/**
 * Saves (or with null clears) a group's own licence. Refused, in this order: field rules
 * (400), consistency errors (409 `licence consistency error` with every broken rule), a count
 * below what the group already holds (409 `licence count below used`).
 */
export async function saveGroupLicence(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  settings: GroupLicenceSettings | null,
): Promise<void> {
  const tree = await loadLicenceTree(db, auth.projectId);
  const g = tree.groups.get(id);
  if (!g) throw itemNotFound();
  if (settings) {
    const fields = fieldErrors(settings);
    if (Object.keys(fields).length > 0) throw invalidData(fields);
    const errors = consistencyErrors(tree, id, settings);
    if (errors.length > 0) throw conflict(ERROR_CODES.licenceConsistency, { consistency: errors });
    for (const f of COUNTED_FEATURES) {
      const own = settings[GROUP_COUNT_KEY[f]];
      const max = own.is_enabled ? own.license_count : 0;
      if (max === null) continue;
      const used = await usedInGroup(db, auth.projectId, f, g);
      if (used > max) throw conflict(ERROR_CODES.licenceCountBelowUsed, { params: { used, max } });
    }
  } else {
    // Inheriting again must not leave subgroups with more than the parent gives.
    const parent = effectiveOf(tree, id, { exclusive: true });
    const inherited: GroupLicenceSettings = {
      sip: { is_enabled: parent.flags.sip, license_count: parent.counts.sip },
      mobileApp: { is_enabled: parent.flags.mobileApp, license_count: parent.counts.mobile_app },
      ukey2: { is_enabled: parent.flags.ukey2, license_count: parent.counts.ukey2 },
      elevator: parent.flags.elevator,
      amenity: parent.flags.amenity,
      licensePlate: parent.flags.licensePlate,
      identifier: { guest: parent.flags.guest },
      restrictPeriod: asRestrictPeriod(parent.period),
      notifications: parent.notifications,
    };
    const errors = consistencyErrors(tree, id, inherited).filter((e) => e.relation === 'child');
    if (errors.length > 0) throw conflict(ERROR_CODES.licenceConsistency, { consistency: errors });
  }
  const now = new Date().toISOString();
  if (settings === null) {
    await db.deleteFrom('domain_licences').where('domain_id', '=', id).execute();
    return;
  }
  const text = JSON.stringify(settings);
  await db
    .insertInto('domain_licences')
    .values({ domain_id: id, project_id: auth.projectId, settings: text, updated_at: now })
    .onConflict((oc) => oc.column('domain_id').doUpdateSet({ settings: text, updated_at: now }))
    .execute();
}

/**
 * A user's `license_info` (section 3): what the project's licences give, narrowed by the
 * licences of the user's groups (a feature is on when one of their groups allows it, within
 * its period); a user in no group gets the project's.
 */
export async function userLicenceInfos(
  db: Kysely<Database>,
  projectId: number,
  userIds: readonly number[],
  now: number = Date.now(),
): Promise<Map<number, UserLicenseInfo>> {
  const out = new Map<number, UserLicenseInfo>();
  if (userIds.length === 0) return out;
  const [tree, links] = await Promise.all([
    loadLicenceTree(db, projectId),
    db
      .selectFrom('user_domains as ud')
      .innerJoin('domains as d', 'd.id', 'ud.domain_id')
      .select(['ud.user_id', 'ud.domain_id'])
      .where('d.project_id', '=', projectId)
      .where('ud.user_id', 'in', [...userIds])
      .execute(),
  ]);
  const groupsOf = new Map<number, number[]>();
  for (const l of links) groupsOf.set(l.user_id, [...(groupsOf.get(l.user_id) ?? []), l.domain_id]);
  const f = tree.project.features;
  const projectInfo: UserLicenseInfo = {
    sip: f.sip,
    mobile_app: f.mobile_app,
    elevator: f.elevator,
    face_id: tree.project.faceId,
    license_plate: f.license_plate,
    ukey2: f.ukey2,
    amenity: f.amenity,
    identifier: f.guest_access,
  };
  const cache = new Map<number, UserLicenseInfo>();
  const ofGroup = (id: number): UserLicenseInfo => {
    const known = cache.get(id);
    if (known) return known;
    const e = effectiveOf(tree, id);
    const on = withinPeriod(e, now);
    const info: UserLicenseInfo = {
      sip: on && e.flags.sip,
      mobile_app: on && e.flags.mobileApp,
      elevator: on && e.flags.elevator,
      face_id: on && tree.project.faceId,
      license_plate: on && e.flags.licensePlate,
      ukey2: on && e.flags.ukey2,
      amenity: on && e.flags.amenity,
      identifier: on && e.flags.guest,
    };
    cache.set(id, info);
    return info;
  };
  for (const userId of userIds) {
    const groups = groupsOf.get(userId) ?? [];
    if (groups.length === 0) {
      out.set(userId, projectInfo);
      continue;
    }
    const infos = groups.map(ofGroup);
    out.set(
      userId,
      Object.fromEntries(
        (Object.keys(projectInfo) as (keyof UserLicenseInfo)[]).map((k) => [k, infos.some((i) => i[k])]),
      ) as UserLicenseInfo,
    );
  }
  return out;
}
