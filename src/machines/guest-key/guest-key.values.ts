import type { GuestKey } from '../../contract/entities/guest-key';
import type { IdentifierType } from '../../contract/entities/identifier';
import type { GuestKeyValues } from './guest-key.types';

/**
 * The grant form of a guest key (doc 1 §3 "Guest key": type, selectedAccessRules, validatePeriod,
 * guestType, keyMessage, restrictPassCount, restrictPeriod, passLimit, value) and its wire body
 * (`PUT /identifiers/guest`, `PATCH /identifiers/guest/{id}`). Pure: the machine and the tests
 * share it. Dates are typed as local date-times (datetime-local) and sent as ISO instants.
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local value in the browser's zone (minutes). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (!Number.isFinite(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const toIso = (local: string): string | null =>
  local.trim() !== '' && Number.isFinite(Date.parse(local)) ? new Date(local).toISOString() : null;

const DAY_MS = 86_400_000;

/** A new key: a QR, valid from `start` for a day, passes not limited, no message. */
export function defaultValues(start: string): GuestKeyValues {
  const from = new Date(start);
  from.setSeconds(0, 0);
  return {
    name: '',
    type: 'qr',
    value: '',
    guestType: 'guest',
    selectedAccessRules: [],
    restrictPeriod: true,
    validatePeriod: {
      from: toLocalInput(from.toISOString()),
      to: toLocalInput(new Date(from.getTime() + DAY_MS).toISOString()),
    },
    restrictPassCount: false,
    passLimit: '',
    keyMessage: '',
  };
}

/** A granted key as the form edits it. */
export function valuesFromKey(key: GuestKey): GuestKeyValues {
  return {
    name: key.name ?? '',
    type: key.type,
    value: key.value,
    guestType: key.guest_type ?? 'guest',
    selectedAccessRules: key.access_rules,
    restrictPeriod: key.period_restrict.active,
    validatePeriod: { from: toLocalInput(key.period_restrict.from), to: toLocalInput(key.period_restrict.to) },
    restrictPassCount: key.passes_restrict.active,
    passLimit: key.passes_restrict.max_count === null ? '' : String(key.passes_restrict.max_count),
    keyMessage: key.key_message ?? '',
  };
}

/** Field errors, keyed by the server's field paths (so the server's come back to the same inputs). */
export type GuestKeyFieldErrors = Record<string, { code: string; params?: Record<string, string | number> }>;

/** The rules of section 5 the console checks before sending (the server checks them all again). */
export function checkValues(values: GuestKeyValues): GuestKeyFieldErrors {
  const errors: GuestKeyFieldErrors = {};
  if (values.selectedAccessRules.length === 0) errors.access_rules = { code: 'access_rule_required' };
  if (values.type !== 'qr' && values.value.trim() === '') errors.value = { code: 'required' };
  if (values.restrictPeriod) {
    const from = toIso(values.validatePeriod.from);
    const to = toIso(values.validatePeriod.to);
    if (from === null) errors['period_restrict.from'] = { code: 'required' };
    if (to === null) errors['period_restrict.to'] = { code: 'required' };
    if (from !== null && to !== null && Date.parse(from) >= Date.parse(to))
      errors['period_restrict.to'] = { code: 'time_order' };
  }
  if (values.restrictPassCount) {
    const limit = values.passLimit.trim();
    if (limit === '') errors['passes_restrict.max_count'] = { code: 'required' };
    else if (!/^\d+$/.test(limit) || Number(limit) < 1)
      errors['passes_restrict.max_count'] = { code: 'min_value', params: { min: 1 } };
  }
  return errors;
}

/** What is sent (7.9: blank is null). A new key's blank value is made by the server. */
export function grantBody(values: GuestKeyValues) {
  const blank = (s: string) => (s.trim() === '' ? null : s.trim());
  const value = values.value.trim();
  return {
    name: blank(values.name),
    type: values.type as IdentifierType,
    ...(value === '' ? {} : { value }),
    guest_type: blank(values.guestType),
    access_rules: values.selectedAccessRules.map((r) => r.id),
    period_restrict: {
      active: values.restrictPeriod,
      from: values.restrictPeriod ? toIso(values.validatePeriod.from) : null,
      to: values.restrictPeriod ? toIso(values.validatePeriod.to) : null,
    },
    passes_restrict: {
      active: values.restrictPassCount,
      max_count: values.restrictPassCount && /^\d+$/.test(values.passLimit.trim()) ? Number(values.passLimit) : null,
    },
    key_message: blank(values.keyMessage),
  };
}
export type GuestKeyBody = ReturnType<typeof grantBody>;
