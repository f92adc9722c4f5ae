import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import * as v from 'valibot';
import { ROUTES, type RouteKey } from '../../src/contract/http';
import { issuesToFieldErrors } from '../../src/contract/validation';
import { invalidData } from './http-error';

type BodyOf<K extends RouteKey> = (typeof ROUTES)[K] extends { body: infer B extends v.GenericSchema }
  ? v.InferOutput<B>
  : undefined;
type AnswerOf<K extends RouteKey> = v.InferInput<(typeof ROUTES)[K]['response']>;

export interface RouteSpec<K extends RouteKey> {
  /** Required on `auth: true` routes: `requirePermission(...)` names what the caller must hold. */
  guard?: preHandlerAsyncHookHandler;
  /** Gets the body already validated by the route's contract schema; returns the whole answer body. */
  handler: (input: { request: FastifyRequest; reply: FastifyReply; body: BodyOf<K> }) => Promise<AnswerOf<K>>;
}

/**
 * Registers one call of the contract's route table. The contract decides the
 * path, who may call (auth mode) and the schemas: the body is validated after
 * the permission guard (so a caller without the right learns nothing about
 * field rules), and the answer goes through the response schema, which strips
 * anything the contract does not name.
 */
export function defineRoute<K extends RouteKey>(app: FastifyInstance, key: K, spec: RouteSpec<K>): void {
  const route = ROUTES[key];
  const [method, template] = key.split(' ') as [HTTPMethods, string];
  if (route.auth === true && !spec.guard) throw new Error(`${key} is authenticated and must declare a guard`);
  const bodySchema = 'body' in route ? (route.body as v.GenericSchema) : undefined;
  const responseSchema = route.response as v.GenericSchema;

  app.route({
    method,
    url: template.replace(/\{(\w+)\}/g, ':$1'),
    config: { auth: route.auth },
    preHandler: spec.guard ? [spec.guard] : [],
    handler: async (request, reply) => {
      let body: unknown;
      if (bodySchema) {
        // valibot's object() accepts arrays (they are objects); no call of ours takes one.
        if (bodySchema.type === 'object' && Array.isArray(request.body)) throw invalidData({ _: { code: 'invalid' } });
        const parsed = v.safeParse(bodySchema, request.body);
        if (!parsed.success) throw invalidData(issuesToFieldErrors(parsed.issues));
        body = parsed.output;
      }
      const answer = await spec.handler({ request, reply, body: body as BodyOf<K> });
      const shaped = v.safeParse(responseSchema, answer);
      if (!shaped.success) {
        throw new Error(`${key} answered outside the contract: ${JSON.stringify(v.flatten(shaped.issues).nested)}`);
      }
      return shaped.output;
    },
  });
}
