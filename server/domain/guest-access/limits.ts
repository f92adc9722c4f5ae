import type { Kysely } from 'kysely';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { refused } from '../errors';
import { readSettings } from '../groups/read';
import { projectGuestLimits } from '../project/settings';

/** A granter's limits on a guest key (doc 1 §3 `guest_identifier_limits`): null means none. */
export interface GuestLimits {
  max_passes_count: number | null;
  max_period_days: number | null;
}

const DAY_MS = 86_400_000;

/**
 * The limits a granter's keys must keep (docs/decisions.md, Guest access): for each group the
 * granter belongs to, the nearest group up the tree (the group itself first) that sets a limit
 * gives it, each limit on its own; across the granter's groups the strictest wins. Where no group
 * sets one, the project's settings may (`guest_identifier_limits`, project settings' "guest limits").
 */
export async function guestLimits(db: Kysely<Database>, auth: Auth): Promise<GuestLimits> {
  const rows = await db
    .selectFrom('user_domains as ud')
    .innerJoin('domains as g', 'g.id', 'ud.domain_id')
    .innerJoin('domains as a', (j) =>
      j.onRef('a.project_id', '=', 'g.project_id').onRef('a.lft', '<=', 'g.lft').onRef('a.rgt', '>=', 'g.rgt'),
    )
    .select(['g.id as group_id', 'a.lft', 'a.settings'])
    .where('ud.user_id', '=', auth.userId)
    .where('g.project_id', '=', auth.projectId)
    .execute();
  const byGroup = new Map<number, { lft: number; settings: string }[]>();
  for (const row of rows) {
    const list = byGroup.get(Number(row.group_id)) ?? [];
    list.push({ lft: Number(row.lft), settings: row.settings });
    byGroup.set(Number(row.group_id), list);
  }
  const limits: GuestLimits = { max_passes_count: null, max_period_days: null };
  const stricter = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  for (const chain of byGroup.values()) {
    // Nearest first: the deepest group has the largest left bound.
    const nearest = chain.sort((x, y) => y.lft - x.lft).map((c) => readSettings(c.settings).guest_identifier_limits);
    for (const field of ['max_passes_count', 'max_period_days'] as const) {
      const set = nearest.find((l) => l[field] !== null);
      if (set) limits[field] = stricter(limits[field], set[field]);
    }
  }
  if (limits.max_passes_count === null || limits.max_period_days === null) {
    const own = await projectGuestLimits(db, auth.projectId);
    limits.max_passes_count ??= own.max_passes_count ?? null;
    limits.max_period_days ??= own.max_period_days ?? null;
  }
  return limits;
}

/** A key's period and passes as they would be stored. */
export interface KeyBounds {
  period: { active: boolean; from: string | null; to: string | null };
  passes: { active: boolean; max_count: number | null };
}

/**
 * 8.2 "max pass count or period reached": with a pass limit the key must limit passes to at most
 * it; with a day limit it must have a period of at most that many days. Field errors say which
 * (`max_passes`, `max_period_days`, with `max`). A period whose dates are missing or out of order
 * is left to the identifier's own checks.
 */
export function checkGuestLimits(limits: GuestLimits, key: KeyBounds): void {
  const errors: Record<string, FieldError> = {};
  const maxPasses = limits.max_passes_count;
  if (maxPasses !== null) {
    const count = key.passes.active ? key.passes.max_count : null;
    if (count === null || count > maxPasses) {
      errors['passes_restrict.max_count'] = { code: 'max_passes', params: { max: maxPasses } };
    }
  }
  const maxDays = limits.max_period_days;
  if (maxDays !== null) {
    const { active, from, to } = key.period;
    const start = from === null ? Number.NaN : Date.parse(from);
    const end = to === null ? Number.NaN : Date.parse(to);
    const readable = Number.isFinite(start) && Number.isFinite(end) && start < end;
    if (!active || (readable && end - start > maxDays * DAY_MS)) {
      errors['period_restrict.to'] = { code: 'max_period_days', params: { max: maxDays } };
    }
  }
  if (Object.keys(errors).length > 0) throw refused(ERROR_CODES.maxPassCountOrPeriod, { errors });
}
