import { isBlank, parseDecimal } from '../../contract/validation';

/**
 * Payload rules at save time (7.9), one pure function per kind of input, so
 * every entity form sends the same shapes:
 * - blank (null, undefined, whitespace only) → null; other text trimmed;
 * - a stored password shows as a placeholder and is sent as null when unchanged;
 * - a comma is accepted as decimal separator (coordinates, phone-like numbers);
 * - a port (and any integer input) is sent as a number.
 */

/** What a stored password looks like in a form: never the password itself. */
export const PASSWORD_PLACEHOLDER = '********';

export type ValueKind =
  /** Free text: blank → null, trimmed. */
  | 'text'
  /** Text that may not be null (a name): trimmed, blank stays ''. The schema says it is required. */
  | 'requiredText'
  /** A stored password: placeholder or unchanged → null. */
  | 'password'
  /** A decimal number typed as text: comma or dot; blank → null. */
  | 'decimal'
  /** An integer typed as text (port, counts): blank → null. */
  | 'integer'
  /** A TCP port: a number (7.9: device port is sent as a number). */
  | 'port'
  /** Sent as it is (booleans, ids, lists). */
  | 'raw';

/** Turns one input's value into what the payload carries. `initial` is the value the form opened with. */
export function normaliseValue(kind: ValueKind, value: unknown, initial?: unknown): unknown {
  switch (kind) {
    case 'text':
      return isBlank(value) ? null : String(value).trim();
    case 'requiredText':
      return value === null || value === undefined ? '' : String(value).trim();
    case 'password':
      return isBlank(value) || value === PASSWORD_PLACEHOLDER || value === initial ? null : value;
    case 'decimal':
      return isBlank(value) ? null : typeof value === 'number' ? value : parseDecimal(String(value));
    case 'integer':
    case 'port':
      return isBlank(value) ? null : typeof value === 'number' ? value : toInteger(String(value));
    case 'raw':
      return value;
  }
}

/** A whole integer, or NaN so the schema reports "must be a number" on the field. */
function toInteger(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * Applies {@link normaliseValue} to every field named in `kinds`; fields not
 * named are left out of the payload (form-only state such as a confirmation).
 */
export function normaliseValues(
  values: Record<string, unknown>,
  kinds: Record<string, ValueKind>,
  initial: Record<string, unknown> = {},
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(kinds).map(([field, kind]) => [field, normaliseValue(kind, values[field], initial[field])]),
  );
}

/** How a stored password is shown when a form opens: the placeholder if one is set. */
export const passwordShown = (isSet: boolean) => (isSet ? PASSWORD_PLACEHOLDER : '');
