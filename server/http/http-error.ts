import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError } from '../../src/contract/errors';

/**
 * An expected failure with its status and catalogue message (8.2). Thrown
 * anywhere in a request; the error handler sends its body as is.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody & { message: ErrorCode },
    /** Response headers that go with it (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'HttpError';
  }
}

/** 401 for a missing, invalid or expired access token: the console refreshes once on this (8.1). */
export const notAuthorized = () =>
  new HttpError(401, { message: ERROR_CODES.notAuthorized, code: ERROR_CODES.notAuthorized });

/** 403: authenticated, but the role does not allow it, or a rule forbids it. */
export const prohibited = () => new HttpError(403, { message: ERROR_CODES.methodProhibited });

/** 404 for an entity that does not exist (or that the caller may not know about). */
export const itemNotFound = () => new HttpError(404, { message: ERROR_CODES.itemNotFound });

/** 400 with per-field errors. */
export const invalidData = (errors: Record<string, FieldError>) =>
  new HttpError(400, { message: ERROR_CODES.invalidDataSent, errors });

/** 401 for a failed login. */
export const incorrectLogin = () => new HttpError(401, { message: ERROR_CODES.incorrectLogin });

/** 401 for a refresh token that cannot be used (unknown, spent, revoked, expired). */
export const invalidToken = () => new HttpError(401, { message: ERROR_CODES.invalidToken });

/** 400 `invalid related entity sent`, listing the entities at fault (8.1). */
export const invalidRelated = (entities: string[]) =>
  new HttpError(400, { message: ERROR_CODES.invalidRelatedEntity, entities });

/** 429 when a bounded resource (password hashing, image decoding) has no room: try again after that many seconds. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, { message: ERROR_CODES.tooManyRequests }, { 'retry-after': String(retryAfterSeconds) });
