import * as v from 'valibot';
import { CONSISTENCY_ERROR_TIMEOUT_MS, DEFAULT_ERROR_CODE, UNLIMITED_LICENCE_PERIOD } from '../../contract/constants';
import { type LicenceConsistencyError, LicenceConsistencyErrorSchema } from '../../contract/entities/licence';

/** A period end as a day (YYYY-MM-DD); the unlimited end as ∞. */
const day = (seconds: number) =>
  seconds >= UNLIMITED_LICENCE_PERIOD.to ? '∞' : new Date(seconds * 1000).toISOString().slice(0, 10);

/** One licence consistency error as an alert (8.1: shown for 30 s). */
export interface ConsistencyAlert {
  kind: 'error';
  code: string;
  params: Record<string, string | number>;
  timeoutMs: number;
}

/**
 * The alerts of a refused group licence (8.1 "type missing, quantity exceeded, period missing,
 * with or without period limit or project"): one per broken rule, its text chosen by type,
 * relation, whether the other side is the project and whether a period limits it. An unknown
 * shape falls back to the default message, as 8.1 says.
 */
export function consistencyAlerts(errors: readonly unknown[] | undefined): ConsistencyAlert[] {
  return (errors ?? []).map((raw) => {
    if (!v.is(LicenceConsistencyErrorSchema, raw)) {
      return {
        kind: 'error',
        code: `errors.http.${DEFAULT_ERROR_CODE}`,
        params: {},
        timeoutMs: CONSISTENCY_ERROR_TIMEOUT_MS,
      };
    }
    const e: LicenceConsistencyError = raw;
    const side = e.relation === 'child' ? 'child' : e.group === null ? 'project' : 'parent';
    const variant = e.type === 'quantity_exceeded' && side !== 'child' && e.period ? `${side}_period` : side;
    const params: Record<string, string | number> = { feature: e.feature, group: e.group?.name ?? '' };
    if (e.license_type) params.license_type = e.license_type;
    if (e.qty) Object.assign(params, { target: e.qty.target, available: e.qty.available });
    if (e.period) Object.assign(params, { from: day(e.period.from), to: day(e.period.to) });
    return {
      kind: 'error',
      code: `licences:consistency.${e.type}.${variant}`,
      params,
      timeoutMs: CONSISTENCY_ERROR_TIMEOUT_MS,
    };
  });
}
