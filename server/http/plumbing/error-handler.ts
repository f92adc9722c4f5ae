import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../src/contract/errors';
import { DomainError, type DomainErrorKind } from '../../domain/errors';

/** The HTTP status of each kind of domain error. */
const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * One error shape for every failing call: `{ message, code?, errors?, entities?, params? }`
 * with a catalogue message. Domain errors get the status of their kind; anything
 * unexpected is logged and becomes a bare 500, so no stack or SQL reaches a client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(STATUS[error.kind]).send(error.body);
    }
    const status = error.statusCode;
    // Fastify's own client errors: malformed JSON, empty JSON body, body too large, bad content type.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      const message =
        status === 400 || status === 413
          ? ERROR_CODES.invalidDataSent
          : status === 404
            ? ERROR_CODES.notFound
            : status === 429
              ? ERROR_CODES.tooManyRequests
              : ERROR_CODES.wrongParameters;
      return reply.status(status).send({ message });
    }
    const refused = databaseRefusal(error);
    if (refused) {
      // The contract should have caught it: logged so the schema can be tightened, answered as the input error it is.
      request.log.warn({ err: error }, 'the database refused input the contract let through');
      return reply.status(400).send(refused);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: ERROR_CODES.internalServerError });
  });
}

/** PostgreSQL SQLSTATEs and SQLite codes that mean "this input does not fit", with the catalogue answer. */
const REFUSALS: Record<string, { message: string }> = {
  '23505': { message: ERROR_CODES.valueNotUnique },
  SQLITE_CONSTRAINT_UNIQUE: { message: ERROR_CODES.valueNotUnique },
  SQLITE_CONSTRAINT_PRIMARYKEY: { message: ERROR_CODES.valueNotUnique },
  '23503': { message: ERROR_CODES.invalidRelatedEntity },
  SQLITE_CONSTRAINT_FOREIGNKEY: { message: ERROR_CODES.invalidRelatedEntity },
  // numeric value out of range, invalid text representation, string too long, bad character.
  '22003': { message: ERROR_CODES.invalidDataSent },
  '22P02': { message: ERROR_CODES.invalidDataSent },
  '22001': { message: ERROR_CODES.invalidDataSent },
  '22021': { message: ERROR_CODES.invalidDataSent },
  SQLITE_TOOBIG: { message: ERROR_CODES.invalidDataSent },
};

function databaseRefusal(error: unknown): { message: string } | null {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? (REFUSALS[code] ?? null) : null;
}
