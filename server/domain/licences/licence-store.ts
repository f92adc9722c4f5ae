import type { Kysely } from 'kysely';
import {
  COUNTED_FEATURES,
  DEFAULT_LICENCE_NOTIFICATIONS,
  type Licence,
  type LicenceCounts,
  type LicenceNotifications,
  LicenceNotificationsSchema,
  type LicencePreview,
} from '../../../src/contract/entities/licence';
import type { LicensedFeatures } from '../../../src/contract/entities/server-settings';
import { ERROR_CODES } from '../../../src/contract/errors';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import type { Clock } from '../clock';
import { refused } from '../errors';
import { readFeatures } from '../project/features';
import { summarise } from './group-tree';
import { type LicencePayload, LicencePayloadSchema, type SignedLicence, verifyLicence } from './licence-file';
import { type CountsAt, countsAt, featuresAt, iso, nextChange, periodOf, stateAt } from './licence-state';
import type { TrustedKeys } from './trusted-keys';

/** What licence rules need from the running server. */
export interface LicenceEnv {
  db: Kysely<Database>;
  clock: Clock;
  keys: TrustedKeys;
  /** This installation's id (instance.ts): licences must name it. */
  instanceId: string;
  /** Told when a project's derived features changed (its consoles reload their settings and menu). */
  featuresChanged?: (projectId: number) => Promise<void>;
}

/** One installed licence as stored, with what it says if its signature still holds. */
export interface InstalledLicence {
  id: number;
  source: 'file' | 'server';
  installedAt: string;
  installedBy: { id: number; name: string } | null;
  /** What the stored data says (shown even when it no longer verifies). */
  shown: LicencePayload;
  /** Null when its signature no longer verifies (its key was withdrawn): it grants nothing. */
  payload: LicencePayload | null;
}

/** The project's installed licences, each checked again against the trusted keys. */
export async function projectLicences(env: LicenceEnv, projectId: number, ids?: number[]): Promise<InstalledLicence[]> {
  let q = env.db
    .selectFrom('licences as l')
    .leftJoin('users as u', 'u.id', 'l.installed_by_user_id')
    .select(['l.id', 'l.source', 'l.installed_at', 'l.data', 'l.payload', 'u.id as user_id', 'u.name as user_name'])
    .where('l.project_id', '=', projectId)
    .orderBy('l.id');
  if (ids) q = q.where('l.id', 'in', ids.length > 0 ? ids : [0]);
  const rows = await q.execute();
  const out: InstalledLicence[] = [];
  for (const row of rows) {
    const shown = readJson(row.data, LicencePayloadSchema, null);
    if (!shown) continue;
    let payload: LicencePayload | null = null;
    try {
      payload = verifyLicence(JSON.parse(row.payload) as SignedLicence, env.keys).payload;
    } catch {
      payload = null;
    }
    out.push({
      id: row.id,
      source: row.source === 'server' ? 'server' : 'file',
      installedAt: row.installed_at,
      installedBy: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
      shown,
      payload,
    });
  }
  return out;
}

/** The verified payloads of a project's licences. */
export async function projectPayloads(env: LicenceEnv, projectId: number): Promise<LicencePayload[]> {
  return (await projectLicences(env, projectId)).flatMap((l) => (l.payload ? [l.payload] : []));
}

/** The project's licence notices (section 3 `notifications`; the defaults of section 9 until changed). */
export async function licenceNotifications(db: Kysely<Database>, projectId: number): Promise<LicenceNotifications> {
  const row = await db
    .selectFrom('licence_settings')
    .select('notifications')
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return readJson(row?.notifications ?? null, LicenceNotificationsSchema, DEFAULT_LICENCE_NOTIFICATIONS);
}

export async function saveLicenceNotifications(
  db: Kysely<Database>,
  projectId: number,
  notifications: LicenceNotifications,
): Promise<void> {
  const text = JSON.stringify(notifications);
  await db
    .insertInto('licence_settings')
    .values({ project_id: projectId, notifications: text, features_until: null })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ notifications: text }))
    .execute();
}

/** The item of section 3 for one installed licence at `now`. */
export function toLicenceItem(l: InstalledLicence, now: number, notifyBeforeDays: number): Licence {
  const p = l.shown;
  const { featuresEnd } = periodOf(p);
  return {
    id: l.id,
    licence_id: p.licence_id,
    type: p.type,
    state: l.payload ? stateAt(l.payload, now, notifyBeforeDays) : 'disabled',
    source: l.source,
    customer: p.customer,
    issued_at: p.issued_at,
    is_active: p.is_active && l.payload !== null,
    is_device_license: p.is_device_license,
    device: p.device,
    restrict_period: p.restrict_period,
    grace_days: p.grace_days,
    features_until: featuresEnd === null ? null : iso(featuresEnd),
    sip: p.sip,
    mobile_app: p.mobile_app,
    ukey2: p.ukey2,
    elevator: p.elevator,
    amenity: p.amenity,
    license_plate: p.license_plate,
    face_id: p.face_id,
    identifier: p.identifier,
    installed_at: l.installedAt,
    installed_by: l.installedBy,
  };
}

/**
 * Derives the project's features (`projects.features`, the cache every gate reads through
 * `projectFeatures()`) from its licences at the clock's now, and remembers when they next
 * change, so the licence watch recomputes them then (licence-watch.ts).
 */
export async function refreshProjectFeatures(env: LicenceEnv, projectId: number): Promise<LicensedFeatures> {
  const payloads = await projectPayloads(env, projectId);
  const now = env.clock.now().getTime();
  const features = featuresAt(payloads, now);
  const next = nextChange(payloads, now);
  const until = next === null ? null : iso(next);
  const summary = JSON.stringify(summarise(payloads, now));
  const before = await env.db.selectFrom('projects').select('features').where('id', '=', projectId).executeTakeFirst();
  await env.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('projects')
      .set({ features: JSON.stringify(features) })
      .where('id', '=', projectId)
      .execute();
    await trx
      .insertInto('licence_settings')
      .values({ project_id: projectId, notifications: null, features_until: until, summary })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ features_until: until, summary }))
      .execute();
  });
  if (before && JSON.stringify(readFeatures(before.features)) !== JSON.stringify(features)) {
    await env.featuresChanged?.(projectId);
  }
  return features;
}

/** How many virtual numbers, mobile apps and UKEY2 the project holds. */
export async function usedCounts(
  db: Kysely<Database>,
  projectId: number,
): Promise<Record<'sip' | 'mobile_app' | 'ukey2', number>> {
  const count = (n: { total: number | string } | undefined) => Number(n?.total ?? 0);
  const [sip, mobile, ukey2] = await Promise.all([
    db
      .selectFrom('sip_numbers')
      .select((e) => e.fn.countAll<number>().as('total'))
      .where('project_id', '=', projectId)
      .executeTakeFirst(),
    db
      .selectFrom('mobile_clients')
      .select((e) => e.fn.countAll<number>().as('total'))
      .where('project_id', '=', projectId)
      .executeTakeFirst(),
    db
      .selectFrom('identifiers')
      .select((e) => e.fn.countAll<number>().as('total'))
      .where('project_id', '=', projectId)
      .where('type', '=', 'ukey2')
      .executeTakeFirst(),
  ]);
  return { sip: count(sip), mobile_app: count(mobile), ukey2: count(ukey2) };
}

/** Licensed and used counts; a feature no licence enables reads as 0 licensed. */
export function toCounts(licensed: CountsAt, used: Record<'sip' | 'mobile_app' | 'ukey2', number>): LicenceCounts {
  return Object.fromEntries(
    COUNTED_FEATURES.map((f) => [f, { licensed: licensed[f] === undefined ? 0 : licensed[f], used: used[f] }]),
  ) as LicenceCounts;
}

// -------------------------------------------------------------------------------------------
// Adding licences: check (preview) and apply, from a file or from the licence server.
// -------------------------------------------------------------------------------------------

interface Prepared {
  payload: LicencePayload;
  signed: string;
  replaces: number | null;
}

/**
 * Checks every licence of a file (or of the licence server's answer) as adding it would, all
 * or nothing, in the order of 8.2: the signature (`licence sign wrong`), this installation
 * and a device the project has (`licence cannot be applied`), the period (`licence expired`),
 * and that the installation does not hold it already (`same instance already registered`;
 * a newer issue of an installed licence replaces it: a renewal, or a revocation).
 */
async function prepare(env: LicenceEnv, auth: Auth, signedList: SignedLicence[]): Promise<Prepared[]> {
  const now = env.clock.now().getTime();
  const seen = new Set<string>();
  const out: Prepared[] = [];
  for (const signed of signedList) {
    const { payload, signed: text } = verifyLicence(signed, env.keys);
    if (seen.has(payload.licence_id)) throw refused(ERROR_CODES.invalidFile);
    seen.add(payload.licence_id);
    if (payload.instance_id !== env.instanceId) throw refused(ERROR_CODES.licenceCannotBeApplied);
    const existing = await env.db
      .selectFrom('licences')
      .select(['id', 'project_id', 'issued_at'])
      .where('licence_id', '=', payload.licence_id)
      .executeTakeFirst();
    const newer = existing && Date.parse(payload.issued_at) > Date.parse(existing.issued_at);
    if (existing && (existing.project_id !== auth.projectId || !newer))
      throw refused(ERROR_CODES.sameInstanceRegistered);
    if (!payload.is_active && !existing) throw refused(ERROR_CODES.licenceCannotBeApplied);
    const { to } = periodOf(payload);
    if (payload.is_active && to !== null && now >= to) throw refused(ERROR_CODES.licenceExpired);
    if (payload.is_device_license) {
      const device = payload.device
        ? await env.db
            .selectFrom('devices')
            .select('id')
            .where('project_id', '=', auth.projectId)
            .where('serial_number', '=', payload.device)
            .executeTakeFirst()
        : undefined;
      if (!device) throw refused(ERROR_CODES.licenceCannotBeApplied);
    }
    out.push({ payload, signed: text, replaces: existing?.id ?? null });
  }
  return out;
}

/** What adding these licences would do: each licence as it would stand, and features and counts before and after. */
export async function previewLicences(
  env: LicenceEnv,
  auth: Auth,
  signedList: SignedLicence[],
): Promise<LicencePreview> {
  const prepared = await prepare(env, auth, signedList);
  const now = env.clock.now().getTime();
  const notify = (await licenceNotifications(env.db, auth.projectId)).notifyBefore;
  const installed = await projectLicences(env, auth.projectId);
  const before = installed.flatMap((l) => (l.payload ? [l.payload] : []));
  const replaced = new Set(prepared.flatMap((p) => (p.replaces === null ? [] : [p.replaces])));
  const after = [
    ...installed.filter((l) => !replaced.has(l.id)).flatMap((l) => (l.payload ? [l.payload] : [])),
    ...prepared.map((p) => p.payload),
  ];
  const used = await usedCounts(env.db, auth.projectId);
  return {
    licences: prepared.map((p) => {
      const {
        id: _id,
        installed_at: _at,
        installed_by: _by,
        ...licence
      } = toLicenceItem(
        { id: 0, source: 'file', installedAt: '', installedBy: null, shown: p.payload, payload: p.payload },
        now,
        notify,
      );
      return { licence, replaces: p.replaces };
    }),
    features: { before: featuresAt(before, now), after: featuresAt(after, now) },
    counts: { before: toCounts(countsAt(before, now), used), after: toCounts(countsAt(after, now), used) },
  };
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** Adds the licences (checked as for the preview) in one transaction, then derives the features again. */
export async function applyLicences(
  env: LicenceEnv,
  auth: Auth,
  signedList: SignedLicence[],
  source: 'file' | 'server',
): Promise<number[]> {
  const prepared = await prepare(env, auth, signedList);
  const now = env.clock.now().toISOString();
  let ids: number[];
  try {
    ids = await env.db.transaction().execute(async (trx) => {
      const replaced = prepared.flatMap((p) => (p.replaces === null ? [] : [p.replaces]));
      if (replaced.length > 0) await trx.deleteFrom('licences').where('id', 'in', replaced).execute();
      const out: number[] = [];
      for (const p of prepared) {
        const row = await trx
          .insertInto('licences')
          .values({
            project_id: auth.projectId,
            licence_id: p.payload.licence_id,
            type: p.payload.type,
            source,
            customer: p.payload.customer,
            issued_at: p.payload.issued_at,
            data: JSON.stringify(p.payload),
            payload: p.signed,
            installed_at: now,
            installed_by_user_id: auth.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        out.push(row.id);
      }
      return out;
    });
  } catch (error) {
    // Two adds of one licence at once: the second loses on the unique licence id.
    if (isUniqueViolation(error)) throw refused(ERROR_CODES.sameInstanceRegistered);
    throw error;
  }
  await refreshProjectFeatures(env, auth.projectId);
  return ids;
}

/** Deletes installed licences of the project (already known visible), then derives the features again. */
export async function removeLicences(env: LicenceEnv, projectId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await env.db
    .deleteFrom('licences')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  await refreshProjectFeatures(env, projectId);
  return Number(result.numDeletedRows);
}
