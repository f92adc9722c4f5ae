import { hasAnyPermission, type Permission } from './permissions';

/**
 * Rules of 6.2 that gate a field or a card rather than a call (a virtual
 * number's is_active needs sip_numbers.activate; a user's licence card needs a
 * licence view). Each is declared once, next to its entity, with `fieldRule`;
 * views read them by name, never as permission strings.
 */
export type FieldRule = readonly Permission[];

/** Declares a field rule: any one of the permissions allows it. */
export const fieldRule = <const P extends readonly Permission[]>(anyOf: P): P => anyOf;

/** Whether a caller with these permissions passes the rule. */
export function passesFieldRule(rule: FieldRule, granted: readonly string[] | undefined): boolean {
  return hasAnyPermission(granted, rule);
}
