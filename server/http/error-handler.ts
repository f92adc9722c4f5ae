import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../src/contract/errors';
import { HttpError } from './http-error';

/**
 * One error shape for every failing call: `{ message, code?, errors?, entities? }`
 * with a catalogue message. Anything unexpected is logged and becomes a bare
 * 500, so no stack or SQL ever reaches a client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).headers(error.headers).send(error.body);
    const status = error.statusCode;
    // Fastify's own client errors: malformed JSON, empty JSON body, body too large, bad content type.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      const message =
        status === 400 || status === 413
          ? ERROR_CODES.invalidDataSent
          : status === 404
            ? ERROR_CODES.notFound
            : ERROR_CODES.wrongParameters;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: ERROR_CODES.internalServerError });
  });
}
