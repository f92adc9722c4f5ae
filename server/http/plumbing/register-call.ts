import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import * as v from 'valibot';
import { auditPlanOf } from '../../../src/contract/audit-plan';
import {
  type Access,
  type CallDeclaration,
  type MultipartDeclaration,
  pathParamNames,
  splitCallKey,
} from '../../../src/contract/call';
import { CALLS, type CallKey } from '../../../src/contract/http';
import { isPermission } from '../../../src/contract/permissions';
import { issuesToFieldErrors } from '../../../src/contract/validation';
import { withActOrigin } from '../../domain/audit/request-context';
import type { Auth } from '../../domain/auth/auth-context';
import { invalidData, itemNotFound, notAuthorized, prohibited, wrongParameters } from '../../domain/errors';
import { projectFeatures } from '../../domain/project/features';
import { type CallAudit, originOf, planAudit, startTrail } from './audit-trail';
import { readMultipart, type UploadedFiles } from './multipart';

type Declared<K extends CallKey> = (typeof CALLS)[K];
type Parsed<D, P extends string, Else> = D extends { [key in P]: infer S extends v.GenericSchema }
  ? v.InferOutput<S>
  : Else;

/** The caller: present on every call that is not public or optional. */
export type CallerOf<K extends CallKey> = Declared<K>['access'] extends { kind: 'public' | 'optional' }
  ? Auth | null
  : Auth;
export type ParamsOf<K extends CallKey> = Parsed<Declared<K>, 'params', Record<string, never>>;
export type QueryOf<K extends CallKey> = Parsed<Declared<K>, 'query', undefined>;
export type BodyOf<K extends CallKey> =
  Declared<K> extends { multipart: { fields: infer F extends v.GenericSchema } }
    ? { fields: v.InferOutput<F>; files: UploadedFiles }
    : Parsed<Declared<K>, 'body', undefined>;

/** A file answer: sent as is, with its type and, for downloads, its name. */
export interface FileAnswer {
  file: {
    contentType: string;
    /** A stream is sent as it comes (a zip of the logs). */
    data: Buffer | string | Readable;
    filename?: string;
    cacheControl?: string;
    language?: string;
  };
}
export type AnswerOf<K extends CallKey> =
  Declared<K> extends { file: string } ? FileAnswer : v.InferInput<Declared<K>['response']>;

/** What a handler gets: everything already checked and parsed by the declaration. */
export interface CallInput<K extends CallKey> {
  auth: CallerOf<K>;
  params: ParamsOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The call's audit trail, for a handler that knows better than the plumbing (plumbing/audit-trail.ts). */
  audit: CallAudit;
}
export type CallHandler<K extends CallKey> = (input: CallInput<K>) => Promise<AnswerOf<K>>;

/**
 * The object scopes the declarations name (`object: { entity, action }`):
 * an entity's rule of which objects a caller may view, edit or delete.
 */
export interface ObjectScope {
  /** The ids among `ids` the caller may know about at all (else 404). */
  visible(auth: Auth, ids: number[]): Promise<number[]>;
  /** The ids among visible `ids` the caller may edit or delete (else 403); default: all visible. */
  permitted?(auth: Auth, ids: number[], action: 'edit' | 'delete'): Promise<number[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Entity name → its object scope; filled by registerObjectScope, read on every call naming an object. */
    objectScopes: Map<string, ObjectScope>;
    /** Keys of the calls registered so far (the API plugin checks the contract is complete). */
    registeredCalls: Set<string>;
  }
}

/** Registers the scope rule of an entity's objects (registerEntityCalls does it for every entity). */
export function registerObjectScope(app: FastifyInstance, entity: string, scope: ObjectScope): void {
  if (app.objectScopes.has(entity)) throw new Error(`object scope ${entity} is registered twice`);
  app.objectScopes.set(entity, scope);
}

/** Refuses, at start-up, a declaration that is not secure by default. */
export function checkDeclaration(key: string, declaration: CallDeclaration): void {
  const { path } = splitCallKey(key);
  const access: Access | undefined = declaration.access;
  const fail = (why: string) => {
    throw new Error(`call ${key}: ${why}`);
  };
  if (!access || !['public', 'optional', 'member', 'permission'].includes(access.kind)) {
    fail('declares neither permissions nor public access');
  }
  if (access.kind === 'permission') {
    if (access.anyOf.length === 0) fail('names no permission');
    for (const p of access.anyOf) if (!isPermission(p)) fail(`names an unknown permission ${p}`);
  }
  if (access.kind === 'member' && !access.because.trim()) fail('member access must say why no permission is needed');
  const names = pathParamNames(path);
  if (names.length > 0) {
    const schema = declaration.params as (v.GenericSchema & { entries?: Record<string, unknown> }) | undefined;
    if (!schema?.entries) fail('has path parameters but no params schema');
    const declared = Object.keys(schema?.entries ?? {}).sort();
    if (declared.join() !== [...names].sort().join()) fail(`params ${declared} do not match the path ${names}`);
  }
  const authenticated = access.kind === 'member' || access.kind === 'permission';
  if (names.includes('id') && authenticated && !declaration.object) {
    fail('has an {id} but does not say which entity it names (object)');
  }
  if (declaration.body && declaration.multipart) fail('declares both a JSON and a multipart body');
}

/**
 * Registers one call of the contract from its declaration. Before the handler
 * runs: the auth hook found the caller (every call but public ones), the
 * caller's role holds one of the declared permissions and the project the
 * declared licences (403), the path parameters name something (404), the
 * object an `{id}` names is in the caller's scope (404) and the caller may act
 * on it (403), then the query (400 `wrong parameters`) and the body (400
 * `invalid data sent` with field errors) fit their schemas: the body is read
 * after the permission checks, so a caller without the right learns nothing
 * about field rules. The answer goes through the response schema, which strips
 * anything the contract does not name.
 */
export function registerCall<K extends CallKey>(app: FastifyInstance, key: K, handler: CallHandler<K>): void {
  registerDeclaredCall(app, key, handler as (input: DeclaredCallInput) => Promise<unknown>);
}

/** What a handler gets when its key is only known at run time (the entity plumbing). */
export interface DeclaredCallInput {
  auth: Auth | null;
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
  audit: CallAudit;
}

/**
 * registerCall for keys built at run time (`GET ${path}/items`): the key must
 * still be declared in the contract, or the server refuses to start.
 */
export function registerDeclaredCall(
  app: FastifyInstance,
  key: string,
  handler: (input: DeclaredCallInput) => Promise<unknown>,
  options: { ownAudit?: boolean } = {},
): void {
  if (!Object.hasOwn(CALLS, key)) throw new Error(`call ${key} is not declared in the contract`);
  const declaration = CALLS[key as CallKey] as CallDeclaration;
  checkDeclaration(key, declaration);
  if (declaration.socket) throw new Error(`call ${key} is a websocket: register it with registerSocket`);
  if (app.registeredCalls.has(key)) throw new Error(`call ${key} is registered twice`);
  app.registeredCalls.add(key);
  const { method, path } = splitCallKey(key);
  // What the audit trail records of it (src/contract/audit-plan.ts), and the secrets its schemas mark.
  const planned = planAudit(auditPlanOf(key, declaration), declaration);
  const acts = method !== 'GET';

  app.route({
    method: method as HTTPMethods,
    url: toFastifyPath(path),
    config: {
      call: {
        key,
        access: declaration.access,
        ...(declaration.serviceToken ? { serviceToken: declaration.serviceToken } : {}),
      },
    },
    handler: async (request, reply) => {
      const auth = await authorise(app, declaration, request);
      const params = parseParams(declaration, request);
      if (hasUnsafeText(request.params)) throw itemNotFound();
      if (declaration.object && auth) await checkObject(app, declaration, auth, params);
      const query = declaration.query ? parseQuery(declaration.query, request.query) : undefined;
      const body = await parseBody(declaration, request);
      const unsafe = unsafeTextPath(query, 'query') ?? unsafeTextPath(body, '');
      if (unsafe !== null) throw invalidData({ [unsafe || '_']: { code: 'invalid' } });
      const input = { auth, params, query, body, request, reply };
      if (!acts) return answerOf(key, declaration, reply, await handler({ ...input, audit: NO_AUDIT }));
      // A handler that reports its objects itself (a delete-all) needs no reading before.
      const trail = startTrail(app, planned, { auth, params, body, method, request, own: options.ownAudit });
      // Events written inside (the trail's, a domain's own) say where the act came from.
      const { answer, shaped } = await withActOrigin(originOf(request, key), async () => {
        await trail.begin();
        const answer = await handler({ ...input, audit: trail.api });
        const shaped = declaration.file ? undefined : shapedAnswer(key, declaration, answer);
        // The trail reads the answer as the caller gets it: nothing the contract does not name.
        await trail.finish(shaped);
        return { answer, shaped };
      });
      return declaration.file ? sendFile(reply, answer as FileAnswer) : shaped;
    },
  });
}

const NO_AUDIT: CallAudit = { objects() {}, note() {}, skip() {} };

/** The answer through the declared response schema (an answer outside it is a bug: 500). */
function shapedAnswer(key: string, declaration: CallDeclaration, answer: unknown): unknown {
  const shaped = v.safeParse(declaration.response, answer);
  if (!shaped.success) {
    throw new Error(`${key} answered outside the contract: ${JSON.stringify(v.flatten(shaped.issues).nested)}`);
  }
  return shaped.output;
}

function answerOf(key: string, declaration: CallDeclaration, reply: FastifyReply, answer: unknown) {
  return declaration.file ? sendFile(reply, answer as FileAnswer) : shapedAnswer(key, declaration, answer);
}

/** `/users/{id}` → `/users/:id`. */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

async function authorise(app: FastifyInstance, declaration: CallDeclaration, request: FastifyRequest) {
  const { access } = declaration;
  if (access.kind === 'public' || access.kind === 'optional') return request.auth;
  // The auth hook let in the static token this call accepts: a machine, no user.
  if (declaration.serviceToken && request.service === declaration.serviceToken) return null;
  const auth = request.auth;
  if (!auth) throw notAuthorized();
  if (access.kind === 'permission' && !access.anyOf.some((p) => auth.role.permissions.includes(p))) {
    throw prohibited();
  }
  if (access.licences?.length) {
    const licensed = await projectFeatures(app.ctx.db, auth.projectId);
    if (!access.licences.every((f) => licensed[f])) throw prohibited();
  }
  return auth;
}

function parseParams(declaration: CallDeclaration, request: FastifyRequest) {
  if (!declaration.params) return {};
  const parsed = v.safeParse(declaration.params, request.params);
  // A path part that does not fit names nothing.
  if (!parsed.success) throw itemNotFound();
  return parsed.output as Record<string, unknown>;
}

async function checkObject(
  app: FastifyInstance,
  declaration: CallDeclaration,
  auth: Auth,
  params: Record<string, unknown>,
) {
  const rule = declaration.object;
  if (!rule) return;
  const scope = app.objectScopes.get(rule.entity);
  if (!scope) throw new Error(`no object scope is registered for ${rule.entity}`);
  const id = params.id;
  if (typeof id !== 'number') throw itemNotFound();
  if ((await scope.visible(auth, [id])).length === 0) throw itemNotFound();
  if (rule.action !== 'view' && scope.permitted && (await scope.permitted(auth, [id], rule.action)).length === 0) {
    throw prohibited();
  }
}

function parseQuery(schema: v.GenericSchema, raw: unknown) {
  const parsed = v.safeParse(schema, raw ?? {});
  if (!parsed.success) throw wrongParameters(issuesToFieldErrors(parsed.issues));
  return parsed.output;
}

async function parseBody(declaration: CallDeclaration, request: FastifyRequest) {
  if (declaration.multipart) return readMultipartBody(declaration.multipart, request);
  if (!declaration.body) return undefined;
  const schema = declaration.body;
  // valibot's object() accepts arrays (they are objects); no call of ours takes one.
  if (schema.type === 'object' && Array.isArray(request.body)) throw invalidData({ _: { code: 'invalid' } });
  const parsed = v.safeParse(schema, request.body);
  if (!parsed.success) throw invalidData(issuesToFieldErrors(parsed.issues));
  // A change that names nothing the call knows is a mistake, not a no-op (unknown fields are dropped).
  if (request.method === 'PATCH' && isEmptyObject(parsed.output)) throw invalidData({ _: { code: 'required' } });
  return parsed.output;
}

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

async function readMultipartBody(declaration: MultipartDeclaration, request: FastifyRequest) {
  const { fields, files } = await readMultipart(request, declaration.files);
  const parsed = v.safeParse(declaration.fields, fields);
  if (!parsed.success) throw invalidData(issuesToFieldErrors(parsed.issues));
  return { fields: parsed.output, files };
}

function sendFile(reply: FastifyReply, answer: FileAnswer) {
  const { file } = answer;
  reply.header('content-type', file.contentType);
  if (file.filename) reply.header('content-disposition', `attachment; filename="${file.filename}"`);
  if (file.cacheControl) reply.header('cache-control', file.cacheControl);
  if (file.language) reply.header('content-language', file.language);
  return reply.send(file.data);
}

/**
 * NUL and unpaired surrogates are not text: PostgreSQL refuses NUL outright
 * (a 500 unless caught here) and half a character cannot be shown back.
 * Answers the dotted path of the first such string, or null.
 */
export function unsafeTextPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\0') || !value.isWellFormed() ? path : null;
  if (depth > 32 || typeof value !== 'object' || value === null) return null;
  // An uploaded file is bytes, not text (walking a Buffer's entries costs seconds at a few MB).
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = unsafeTextPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const hasUnsafeText = (value: unknown) => unsafeTextPath(value, '') !== null;
