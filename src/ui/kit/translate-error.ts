import type { TFunction } from 'i18next';
import { DEFAULT_ERROR_CODE } from '../../contract/constants';
import type { FieldError } from '../../contract/errors';

/** What a view may hold about a failure: a CallFailure, a bare code, or nothing. */
export type FailureLike =
  | { code?: string | null; entities?: readonly string[]; params?: Record<string, unknown> }
  | string
  | null
  | undefined;

/** Any `t` from `useTranslation`; the helpers always name their namespace. */
type Translate = TFunction | ((key: string, options?: Record<string, unknown>) => string);

// Catalogue codes contain spaces, '/' and could contain '.' or ':': errors.json
// keeps flat keys ("http.<code>") and every lookup turns both separators off.
const FLAT = { ns: 'errors', keySeparator: false, nsSeparator: false } as const;

function lookup(t: Translate, key: string, params?: Record<string, unknown>): string {
  return (t as (key: string, options: Record<string, unknown>) => string)(key, {
    ...FLAT,
    ...params,
    defaultValue: '',
  });
}

/**
 * The display rule of 8.1: look the code up as `errors:http.<code>`; else show
 * the raw message; else the default text. The server's `params` fill the
 * message's placeholders (a limit's used and max, a hierarchy's group types).
 * 'invalid related entity sent' lists the affected entities after the message.
 */
export function translateError(t: Translate, failure: FailureLike, values?: Record<string, unknown>): string {
  const code = (typeof failure === 'string' ? failure : failure?.code)?.trim();
  const entities = typeof failure === 'object' && failure?.entities?.length ? failure.entities : null;
  const params = values ?? (typeof failure === 'object' ? failure?.params : undefined);
  const text = code ? lookup(t, `http.${code}`, params) || code : lookup(t, `http.${DEFAULT_ERROR_CODE}`);
  return entities ? `${text}: ${entities.join(', ')}` : text;
}

/** A field error of section 5 (`errors:field.<code>` with {{length}}, {{min}}, {{max}}). */
export function translateFieldError(t: Translate, error: FieldError): string {
  return lookup(t, `field.${error.code}`, error.params) || lookup(t, 'field.invalid');
}

/** Prefix of alert codes that carry a catalogue code (`errors.http.item not found`). */
export const HTTP_ALERT_PREFIX = 'errors.http.';

/**
 * Translates a code a machine put in an alert: `errors.http.<code>` goes through
 * the 8.1 rule, anything else is an ordinary `ns:key` translation key.
 */
export function translateAlertCode(t: Translate, code: string, params?: Record<string, unknown>): string {
  if (code.startsWith(HTTP_ALERT_PREFIX)) return translateError(t, code.slice(HTTP_ALERT_PREFIX.length), params);
  return (t as (key: string, options?: Record<string, unknown>) => string)(code, params);
}
