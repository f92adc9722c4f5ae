import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type CallDeclaration, splitCallKey } from '../../../src/contract/call';
import { CALLS, type CallKey } from '../../../src/contract/http';
import { checkDeclaration, toFastifyPath } from './register-call';

/**
 * Registers a websocket call of the contract (the realtime endpoint): the
 * declaration decides the path and access like any call; the socket handler
 * authenticates what travels on it.
 */
export function registerSocket(
  app: FastifyInstance,
  key: CallKey,
  handler: (socket: WebSocket, request: FastifyRequest) => void,
): void {
  const declaration = CALLS[key] as CallDeclaration;
  checkDeclaration(key, declaration);
  if (!declaration.socket) throw new Error(`call ${key} is not a websocket`);
  if (app.registeredCalls.has(key)) throw new Error(`call ${key} is registered twice`);
  app.registeredCalls.add(key);
  const { method, path } = splitCallKey(key);
  if (method !== 'GET') throw new Error(`websocket ${key} must be a GET`);
  app.route({
    method: 'GET',
    url: toFastifyPath(path),
    config: { call: { key, access: declaration.access } },
    // The plain GET (no upgrade) is refused like an unknown call.
    handler: async (_request, reply) => reply.status(404).send({ message: 'not found' }),
    wsHandler: handler,
  });
}
