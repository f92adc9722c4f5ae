import { SECONDS_IN_DAY, UNLIMITED_LICENCE_PERIOD } from '../../../src/contract/constants';
import {
  COUNTED_FEATURES,
  type CountedFeature,
  type LicenceState,
  type LicenceWarning,
} from '../../../src/contract/entities/licence';
import type { LicensedFeatures } from '../../../src/contract/entities/server-settings';
import type { LicencePayload } from './licence-file';

/**
 * Licences over time, as pure functions of what licences say and the instant asked about
 * (section 4, docs/decisions.md "Licences"):
 *
 *   pending  ── from ──▶ active ── to − notifyBefore ──▶ ending ── to ──▶ expired ── to + grace ──▶ disabled
 *
 * A licence grants its features from `from` until its grace days after `to` are over
 * (`expired` still grants: the warning says in how many days the features go); `is_active`
 * false (a revoked issue) is `disabled` at once. An inactive restrict period is unlimited.
 */
export const DAY_MS = SECONDS_IN_DAY * 1000;
/** Instants beyond this are "never" (the unlimited period's end, and anything past ISO's four-digit years). */
const NEVER_MS = Math.min(UNLIMITED_LICENCE_PERIOD.to * 1000, Date.UTC(9999, 11, 31));

export interface LicencePeriodMs {
  from: number;
  /** Null: unlimited. */
  to: number | null;
  /** When its features stop (to + grace); null: never. */
  featuresEnd: number | null;
}

export function periodOf(licence: LicencePayload): LicencePeriodMs {
  const { restrict_period: p } = licence;
  if (!p.is_active) return { from: 0, to: null, featuresEnd: null };
  const to = p.to * 1000 >= NEVER_MS ? null : p.to * 1000;
  const featuresEnd = to === null ? null : to + licence.grace_days * DAY_MS;
  return { from: p.from * 1000, to, featuresEnd: featuresEnd !== null && featuresEnd >= NEVER_MS ? null : featuresEnd };
}

export function stateAt(licence: LicencePayload, now: number, notifyBeforeDays: number): LicenceState {
  if (!licence.is_active) return 'disabled';
  const { from, to, featuresEnd } = periodOf(licence);
  if (now < from) return 'pending';
  if (featuresEnd !== null && now >= featuresEnd) return 'disabled';
  if (to !== null && now >= to) return 'expired';
  if (to !== null && now >= to - notifyBeforeDays * DAY_MS) return 'ending';
  return 'active';
}

/** Whether a licence's features count at `now`. */
export function grants(licence: LicencePayload, now: number): boolean {
  if (!licence.is_active) return false;
  const { from, featuresEnd } = periodOf(licence);
  return now >= from && (featuresEnd === null || now < featuresEnd);
}

/** The features of one licence, as the menu and the calls name them. */
export function featuresOfLicence(l: LicencePayload): LicensedFeatures {
  return {
    sip: l.sip.is_enabled,
    sip_trunks: l.sip.is_enabled && l.sip.is_sip_trunks_enabled,
    web_dialer: l.sip.is_enabled && l.sip.is_web_dialer_enabled,
    mobile_app: l.mobile_app.is_enabled,
    ukey2: l.ukey2.is_enabled,
    elevator: l.elevator,
    amenity: l.amenity,
    license_plate: l.license_plate,
    guest_access: l.identifier.is_guest_enabled,
  };
}

/** The union of the features of the licences that grant at `now`. */
export function featuresAt(licences: readonly LicencePayload[], now: number): LicensedFeatures {
  const out: LicensedFeatures = {
    sip: false,
    sip_trunks: false,
    web_dialer: false,
    mobile_app: false,
    ukey2: false,
    elevator: false,
    amenity: false,
    license_plate: false,
    guest_access: false,
  };
  for (const l of licences) {
    if (!grants(l, now)) continue;
    const f = featuresOfLicence(l);
    for (const key of Object.keys(out) as (keyof LicensedFeatures)[]) out[key] ||= f[key];
  }
  return out;
}

/**
 * A counted feature's licensed count at `now`: the sum of the granting licences that enable
 * it, null when one of them has no count (no limit), and `undefined` when none enables it.
 */
export function countAt(
  licences: readonly LicencePayload[],
  feature: CountedFeature,
  now: number,
): number | null | undefined {
  let total: number | null | undefined;
  for (const l of licences) {
    if (!grants(l, now) || !l[feature].is_enabled) continue;
    const n = l[feature].license_count;
    if (n === null || total === null) total = null;
    else total = (total ?? 0) + n;
  }
  return total;
}

export type CountsAt = Record<CountedFeature, number | null | undefined>;
export const countsAt = (licences: readonly LicencePayload[], now: number): CountsAt =>
  Object.fromEntries(COUNTED_FEATURES.map((f) => [f, countAt(licences, f, now)])) as CountsAt;

/** The next instant after `now` at which the granted features or counts may change; null: never. */
export function nextChange(licences: readonly LicencePayload[], now: number): number | null {
  let next: number | null = null;
  for (const l of licences) {
    if (!l.is_active) continue;
    const { from, featuresEnd } = periodOf(l);
    for (const at of [from, featuresEnd]) {
      if (at !== null && at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}

const less = (after: number | null | undefined, before: number | null | undefined) => {
  if (before === undefined) return false;
  if (after === undefined) return true;
  if (before === null) return after !== null;
  return after !== null && after < before;
};

/** Whether the licences granting at `later` give less than at `now` (a feature or a count lost). */
function loses(licences: readonly LicencePayload[], now: number, later: number): boolean {
  const before = featuresAt(licences, now);
  const after = featuresAt(licences, later);
  if ((Object.keys(before) as (keyof LicensedFeatures)[]).some((k) => before[k] && !after[k])) return true;
  const countsBefore = countsAt(licences, now);
  const countsAfter = countsAt(licences, later);
  return COUNTED_FEATURES.some((f) => less(countsAfter[f], countsBefore[f]));
}

/**
 * The licence warning of section 4 at `now`: `no_license` when nothing grants; otherwise the
 * first licence end that loses something (a renewal already installed covers it: no warning).
 * If that licence's period is over (grace days), `already_expired` with the days until its
 * features go; if it ends within `notifyBeforeDays`, `will_expire` with the days until its end.
 */
export function warningAt(licences: readonly LicencePayload[], now: number, notifyBeforeDays: number): LicenceWarning {
  const granting = licences.filter((l) => grants(l, now));
  if (granting.length === 0) return { status: 'no_license', days: null, at: null };
  const ends = granting
    .map((l) => ({ l, ...periodOf(l) }))
    .filter((e): e is typeof e & { to: number; featuresEnd: number } => e.to !== null && e.featuresEnd !== null)
    .sort((a, b) => a.featuresEnd - b.featuresEnd);
  for (const end of ends) {
    if (!loses(licences, now, end.featuresEnd)) continue;
    if (now >= end.to)
      return { status: 'already_expired', days: daysUntil(now, end.featuresEnd), at: iso(end.featuresEnd) };
    if (end.to - now <= notifyBeforeDays * DAY_MS)
      return { status: 'will_expire', days: daysUntil(now, end.to), at: iso(end.to) };
    return { status: 'normal', days: null, at: null };
  }
  return { status: 'normal', days: null, at: null };
}

/** Whole days from `now` until `at`: 0 is today (less than a day left). */
export const daysUntil = (now: number, at: number) => Math.max(0, Math.floor((at - now) / DAY_MS));
export const iso = (ms: number) => new Date(ms).toISOString();
