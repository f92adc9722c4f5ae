import { type Kysely, sql } from 'kysely';
import * as v from 'valibot';
import { UNLIMITED_LICENCE_PERIOD } from '../../../src/contract/constants';
import {
  COUNTED_FEATURES,
  type CountedFeature,
  DEFAULT_LICENCE_NOTIFICATIONS,
  type GroupLicenceSettings,
  GroupLicenceSettingsSchema,
  LICENCE_TYPES,
  type LicenceType,
  type RestrictPeriod,
} from '../../../src/contract/entities/licence';
import type { LicensedFeatures } from '../../../src/contract/entities/server-settings';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { readFeatures } from '../project/features';
import type { LicencePayload } from './licence-file';
import { countsAt, grants, periodOf } from './licence-state';

/**
 * A project's groups with their own licence settings (section 3: counts and periods of virtual
 * numbers, mobile apps and UKEY2, feature flags, a restrict period) and what the project's
 * licences give: the one picture consistency, limits, `licenseInfo` and reports read.
 *
 * A group without settings of its own inherits. What a group may hold is the least of its own
 * count, each ancestor's with settings and the project's licensed count; a feature is on only
 * when the project, each ancestor with settings and the group allow it; a restrict period
 * narrows every group below it, and outside it the group (and its subtree) holds nothing.
 */
export interface TreeGroup {
  id: number;
  name: string;
  parent_id: number | null;
  lft: number;
  rgt: number;
  settings: GroupLicenceSettings | null;
}

/** Keys of a group's settings per counted feature (section 3 spells the group side in camel case). */
export const GROUP_COUNT_KEY = { sip: 'sip', mobile_app: 'mobileApp', ukey2: 'ukey2' } as const;

/**
 * What the project's licences give besides the features, derived with them (licence-store.ts
 * `refreshProjectFeatures`) and kept in `licence_settings.summary`: licensed counts (absent: no
 * licence enables the feature; null: no limit), the period they cover and the licence type.
 */
export const ProjectLicenceSummarySchema = v.object({
  counts: v.object({
    sip: v.optional(v.nullable(v.number())),
    mobile_app: v.optional(v.nullable(v.number())),
    ukey2: v.optional(v.nullable(v.number())),
  }),
  period: v.nullable(v.object({ from: v.number(), to: v.number() })),
  type: v.nullable(v.picklist(LICENCE_TYPES)),
  /** Face identifiers licensed (not one of the gated features; users' license_info shows it). */
  face_id: v.optional(v.boolean(), false),
});
export type ProjectLicenceSummary = v.InferOutput<typeof ProjectLicenceSummarySchema>;

/** The project as the groups' top parent. */
export interface ProjectLicence {
  features: LicensedFeatures;
  /** Licensed count per feature: null no limit. */
  counts: Record<CountedFeature, number | null>;
  /** The period the project's licences cover (null: unbounded, or nothing to bound by). */
  period: { from: number; to: number } | null;
  /** The type of the project's licences (the first granting one), for consistency errors. */
  type: LicenceType | null;
  faceId: boolean;
}

export interface LicenceTree {
  project: ProjectLicence;
  groups: Map<number, TreeGroup>;
  /** Ancestors from the top down to the group itself. */
  chain(id: number): TreeGroup[];
  /** Groups strictly below. */
  descendants(id: number): TreeGroup[];
}

const UNLIMITED: RestrictPeriod = {
  is_active: false,
  from: UNLIMITED_LICENCE_PERIOD.from,
  to: UNLIMITED_LICENCE_PERIOD.to,
};

/** The summary of licences at `now` (what `refreshProjectFeatures` stores). */
export function summarise(payloads: readonly LicencePayload[], now: number): ProjectLicenceSummary {
  const licensed = countsAt(payloads, now);
  const counts: ProjectLicenceSummary['counts'] = {};
  for (const f of COUNTED_FEATURES) if (licensed[f] !== undefined) counts[f] = licensed[f];
  let period: { from: number; to: number } | null = null;
  let unbounded = false;
  let type: LicenceType | null = null;
  for (const l of payloads) {
    if (!l.is_active) continue;
    const p = periodOf(l);
    if (p.featuresEnd !== null && p.featuresEnd <= now) continue;
    if (grants(l, now)) type ??= l.type;
    if (p.to === null) unbounded = true;
    const from = Math.floor(p.from / 1000);
    const to = p.to === null ? UNLIMITED_LICENCE_PERIOD.to : Math.floor(p.to / 1000);
    period = period ? { from: Math.min(period.from, from), to: Math.max(period.to, to) } : { from, to };
  }
  if (unbounded && period) period = { ...period, to: UNLIMITED_LICENCE_PERIOD.to };
  const face_id = payloads.some((l) => grants(l, now) && l.face_id.is_enabled);
  return { counts, period, type, face_id };
}

/** The project's side from its gates (the features cache) and the stored summary. */
export function projectLicence(features: LicensedFeatures, summary: ProjectLicenceSummary | null): ProjectLicence {
  const counts = {} as Record<CountedFeature, number | null>;
  for (const f of COUNTED_FEATURES) {
    const n = summary?.counts[f];
    // A feature no licence enables: off (0), unless the project was given it without a licence.
    counts[f] = n === undefined ? (features[f] ? null : 0) : n;
  }
  return {
    features,
    counts,
    period: summary?.period ?? null,
    type: summary?.type ?? null,
    faceId: summary?.face_id ?? false,
  };
}

/** The project's gates and licence summary, as stored. */
export async function loadProjectLicence(db: Kysely<Database>, projectId: number): Promise<ProjectLicence> {
  const row = await db
    .selectFrom('projects as p')
    .leftJoin('licence_settings as s', 's.project_id', 'p.id')
    .select(['p.features', 's.summary'])
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  return projectLicence(
    readFeatures(row?.features ?? '{}'),
    readJson(row?.summary ?? null, ProjectLicenceSummarySchema, null),
  );
}

export async function loadLicenceTree(db: Kysely<Database>, projectId: number): Promise<LicenceTree> {
  const [rows, project] = await Promise.all([
    db
      .selectFrom('domains as d')
      .leftJoin('domain_licences as dl', 'dl.domain_id', 'd.id')
      .select(['d.id', 'd.name', 'd.parent_id', 'd.lft', 'd.rgt', 'dl.settings'])
      .where('d.project_id', '=', projectId)
      .orderBy('d.lft')
      .execute(),
    loadProjectLicence(db, projectId),
  ]);
  const groups = new Map<number, TreeGroup>();
  for (const r of rows) {
    groups.set(r.id, {
      id: r.id,
      name: r.name,
      parent_id: r.parent_id,
      lft: r.lft,
      rgt: r.rgt,
      settings: r.settings ? readJson(r.settings, GroupLicenceSettingsSchema, null) : null,
    });
  }
  const sorted = [...groups.values()];
  return {
    project,
    groups,
    chain(id) {
      const g = groups.get(id);
      if (!g) return [];
      return sorted.filter((a) => a.lft <= g.lft && a.rgt >= g.rgt);
    },
    descendants(id) {
      const g = groups.get(id);
      if (!g) return [];
      return sorted.filter((d) => d.lft > g.lft && d.rgt < g.rgt);
    },
  };
}

/** What a group may hold and use, from the project down its chain (its own settings included unless `exclusive`). */
export interface Effective {
  /** Null: no limit. */
  counts: Record<CountedFeature, number | null>;
  flags: {
    elevator: boolean;
    amenity: boolean;
    licensePlate: boolean;
    guest: boolean;
    sip: boolean;
    mobileApp: boolean;
    ukey2: boolean;
  };
  /** The narrowest active restrict period on the way (Unix seconds); null: none. */
  period: { from: number; to: number } | null;
  /** The nearest group with settings on the way (null: the project). */
  source: TreeGroup | null;
  notifications: GroupLicenceSettings['notifications'];
}

const min = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

export function effectiveOf(
  tree: LicenceTree,
  id: number,
  options: { exclusive?: boolean; settings?: GroupLicenceSettings | null } = {},
): Effective {
  const { project } = tree;
  const out: Effective = {
    counts: { ...project.counts },
    flags: {
      elevator: project.features.elevator,
      amenity: project.features.amenity,
      licensePlate: project.features.license_plate,
      guest: project.features.guest_access,
      sip: project.features.sip,
      mobileApp: project.features.mobile_app,
      ukey2: project.features.ukey2,
    },
    period: null,
    source: null,
    notifications: DEFAULT_LICENCE_NOTIFICATIONS,
  };
  const chain = tree.chain(id);
  const steps = options.exclusive ? chain.slice(0, -1) : chain;
  for (const g of steps) {
    // The group being saved is read with the settings it would get.
    const s = g.id === id && options.settings !== undefined ? options.settings : g.settings;
    if (!s) continue;
    out.source = g;
    out.notifications = s.notifications;
    for (const f of ['sip', 'mobile_app', 'ukey2'] as const) {
      const own = s[GROUP_COUNT_KEY[f]];
      out.counts[f] = own.is_enabled ? min(out.counts[f], own.license_count) : 0;
    }
    out.flags = {
      elevator: out.flags.elevator && s.elevator,
      amenity: out.flags.amenity && s.amenity,
      licensePlate: out.flags.licensePlate && s.licensePlate,
      guest: out.flags.guest && s.identifier.guest,
      sip: out.flags.sip && s.sip.is_enabled,
      mobileApp: out.flags.mobileApp && s.mobileApp.is_enabled,
      ukey2: out.flags.ukey2 && s.ukey2.is_enabled,
    };
    if (s.restrictPeriod.is_active) {
      const p = s.restrictPeriod;
      out.period = out.period
        ? { from: Math.max(out.period.from, p.from), to: Math.min(out.period.to, p.to) }
        : { from: p.from, to: p.to };
    }
  }
  return out;
}

/** Whether `now` (ms) lies in an effective period (none: always). */
export const withinPeriod = (e: Effective, now: number) =>
  e.period === null || (now >= e.period.from * 1000 && now <= e.period.to * 1000);

/** A period as the contract writes it. */
export const asRestrictPeriod = (p: { from: number; to: number } | null): RestrictPeriod =>
  p === null ? UNLIMITED : { is_active: true, from: p.from, to: p.to };

/**
 * SQL: the groups of the subtree of `g` (itself included), for counting what it holds.
 * `alias` names a domains row.
 */
export const inSubtree = (alias: string, g: { lft: number; rgt: number }) =>
  sql`${sql.ref(`${alias}.lft`)} >= ${g.lft} and ${sql.ref(`${alias}.rgt`)} <= ${g.rgt}`;
