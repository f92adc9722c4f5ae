import * as v from 'valibot';

/**
 * The one error body of every failing call (8.1), and how a message is normalised. Apart from
 * the catalogue (./errors.ts re-exports these), so the console's HTTP client, which the first load
 * carries, does not bring every catalogue code with it.
 */

/** The code of a missing, invalid or expired token (ERROR_CODES.notAuthorized). */
export const NOT_AUTHORIZED = 'not_authorized';

/** One field error: a code plus the values its message interpolates ({length}, {min}, {max}). */
export const FieldErrorSchema = v.object({
  code: v.string(),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
export type FieldError = v.InferOutput<typeof FieldErrorSchema>;

/** The one error body shape of every failing call. */
export const ErrorBodySchema = v.object({
  message: v.string(),
  code: v.optional(v.string()),
  errors: v.optional(v.record(v.string(), FieldErrorSchema)),
  entities: v.optional(v.array(v.string())),
  /** Values for the placeholders of a parameterised message, e.g. `{ childCode, parentCode }`. */
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
  /**
   * `licence consistency error`: each rule a group's licence breaks, a LicenceConsistencyError
   * (src/contract/entities/licence.ts). The console reads each entry through that schema where it
   * shows them (8.1: 30 s; an unknown one with the default message), so the first load stays small.
   */
  consistency: v.optional(v.pipe(v.array(v.unknown()), v.maxLength(100))),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** Normalises a server message as 8.1 says: lowercased, quotes removed. */
export function normaliseErrorMessage(message: string): string {
  return message.toLowerCase().replace(/["'`]/g, '').trim();
}
