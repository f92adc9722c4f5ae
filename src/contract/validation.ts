import * as v from 'valibot';
import { FIELD_ERROR_CODES, type FieldError } from './errors';

/**
 * Turns valibot issues into per-field errors keyed by dotted path, with the
 * codes the locales translate under `errors.field.*` (section 5). Server and
 * console share it, so a field error reads the same wherever it was found.
 */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '_';
    if (out[path]) continue;
    out[path] = issueToFieldError(issue);
  }
  return out;
}

function issueToFieldError(issue: v.BaseIssue<unknown>): FieldError {
  const requirement = (issue as { requirement?: unknown }).requirement;
  // A schema may name its code as the message, e.g. v.regex(PHONE_PATTERN, 'phone').
  if ((FIELD_ERROR_CODES as readonly string[]).includes(issue.message)) return { code: issue.message };
  switch (issue.type) {
    case 'min_length':
      return issue.received === '0' || requirement === 1
        ? { code: 'required' }
        : { code: 'min_length', params: { length: Number(requirement) } };
    case 'max_length':
      return { code: 'max_length', params: { length: Number(requirement) } };
    case 'email':
      return { code: 'email' };
    case 'min_value':
      return { code: 'min_value', params: { min: Number(requirement) } };
    case 'max_value':
      return { code: 'max_value', params: { max: Number(requirement) } };
    case 'number':
      return { code: 'number' };
    default:
      return issue.received === 'undefined' ? { code: 'required' } : { code: 'invalid' };
  }
}

/** Blank (7.9): null, undefined or whitespace only. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Blank becomes null; other strings are trimmed. */
export function blankToNull(value: string | null | undefined): string | null {
  return isBlank(value) ? null : (value as string).trim();
}

/** Accepts a comma as decimal separator (7.9); NaN for non-numbers. */
export function parseDecimal(value: string): number {
  return Number(value.trim().replace(',', '.'));
}
