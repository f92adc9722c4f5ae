import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError } from '../../src/contract/errors';

/**
 * What went wrong, in the domain's words. The one error handler of the HTTP
 * layer (server/http/plumbing/error-handler.ts) maps each kind to a status;
 * domain code never speaks HTTP.
 */
export type DomainErrorKind =
  /** The request is wrong and retrying it as is cannot help (400). */
  | 'invalid'
  /** No valid session: the console refreshes once and retries (401). */
  | 'unauthenticated'
  /** The caller may not do this (403). */
  | 'forbidden'
  /** Nothing of that name the caller may know about (404). */
  | 'not_found'
  /** The objects are in a state that forbids it (409). */
  | 'conflict'
  /** Too many attempts; `retryAfterSeconds` says when to try again (429). */
  | 'rate_limited'
  /** A service the call needs is down (503). */
  | 'unavailable';

/** An expected failure with its catalogue message (8.2) and the details the console shows. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly body: ErrorBody & { message: ErrorCode },
    /** For `rate_limited`: seconds until a retry may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body.message);
    this.name = 'DomainError';
  }
}

type Details = Omit<ErrorBody, 'message'>;

/** A refusal with a catalogue message: the request cannot succeed as sent. */
export const refused = (message: ErrorCode, details: Details = {}) =>
  new DomainError('invalid', { message, ...details });

/** `invalid data sent` with per-field errors (section 5 codes). */
export const invalidData = (errors: Record<string, FieldError>) => refused(ERROR_CODES.invalidDataSent, { errors });

/** `wrong parameters`: a query string or path part that does not fit (naming the part). */
export const wrongParameters = (errors: Record<string, FieldError>) => refused(ERROR_CODES.wrongParameters, { errors });

/** `invalid related entity sent`, listing the entities at fault (8.1). */
export const invalidRelated = (entities: string[]) => refused(ERROR_CODES.invalidRelatedEntity, { entities });

/** A missing, invalid or expired access token: the console refreshes once on this (8.1). */
export const notAuthorized = () =>
  new DomainError('unauthenticated', { message: ERROR_CODES.notAuthorized, code: ERROR_CODES.notAuthorized });

/** A failed login. */
export const incorrectLogin = () => new DomainError('unauthenticated', { message: ERROR_CODES.incorrectLogin });

/** A refresh token that cannot be used (unknown, spent, revoked, expired). */
export const invalidToken = () => new DomainError('unauthenticated', { message: ERROR_CODES.invalidToken });

/** Authenticated, but the role or a rule does not allow it. */
export const prohibited = (details: Details = {}) =>
  new DomainError('forbidden', { message: ERROR_CODES.methodProhibited, ...details });

/** An object that does not exist, or that the caller may not know about. */
export const itemNotFound = () => new DomainError('not_found', { message: ERROR_CODES.itemNotFound });

/** The objects' state forbids it (users still in a group, a device offline). */
export const conflict = (message: ErrorCode, details: Details = {}) =>
  new DomainError('conflict', { message, ...details });

/** Too many attempts: try again after `seconds`. */
export const tooManyRequests = (seconds: number, details: Details = {}) =>
  new DomainError(
    'rate_limited',
    { message: ERROR_CODES.tooManyRequests, ...details },
    Math.max(1, Math.ceil(seconds)),
  );

/** A service the call needs is not running. */
export const unavailable = (message: ErrorCode) => new DomainError('unavailable', { message });
