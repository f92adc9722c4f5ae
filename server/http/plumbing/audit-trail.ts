import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditPlan } from '../../../src/contract/audit-plan';
import type { CallDeclaration } from '../../../src/contract/call';
import { MAX_IDS } from '../../../src/contract/ids';
import { normaliseAddress } from '../../../src/contract/ip-address';
import { secretFieldsOf } from '../../../src/contract/secrets';
import { type AuditEvent, recordAuditEvents } from '../../domain/audit/audit-events';
import { diffObjects, keptValue, labelOf, secretsSet, withSecretsSet } from '../../domain/audit/diff';
import type { ActOrigin } from '../../domain/audit/request-context';
import type { Auth } from '../../domain/auth/auth-context';

/**
 * The audit trail of the calls (docs/decisions.md, Audit): every call the contract plans an
 * event for (src/contract/audit-plan.ts) is recorded here, after its handler succeeded, with
 * the caller, the address, the request id and the call, and, where the entity lets its objects
 * be read (`AuditReader`, registered by registerEntityCalls and for single objects such as the
 * profile), the before and after values of every field it changed:
 *
 * - a call naming an object (`{id}`): the object read before and after;
 * - a create (`{ data: newId }`): the new object read after;
 * - a body naming objects (`items`, a delete-all): each read before and after, one event each;
 * - a single object of the caller (profile, settings): read before and after;
 * - anything else: one event with the body (secrets left out) and the answer's counts.
 *
 * A handler that knows better says so through `CallAudit` (a delete-all by filter lists the
 * objects it removed). Writing the trail never fails the call: the act is done; a failure is
 * logged and counted (`gatehouse_audit_write_failures_total`).
 */

/** How the plumbing reads an entity's objects for the trail, within the caller's scope. */
export interface AuditReader {
  /** The objects among `ids` the caller sees, by id. */
  many?(auth: Auth, ids: number[]): Promise<Map<number, Record<string, unknown>>>;
  /** The caller's one object of this entity (profile, a project's settings). */
  one?(auth: Auth): Promise<Record<string, unknown> | null>;
}

/** An object's states around an act, as a handler reports them. */
export interface ObjectChange {
  id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  key?: string | null;
}

/** What a handler may tell the trail about its call. */
export interface CallAudit {
  /** Records these objects (of the call's entity, or of `entity`) instead of what the plumbing would read. */
  objects(changes: ObjectChange[], entity?: string): void;
  /** Adds to the event's details (what the act said beyond its body). */
  note(details: Record<string, unknown>): void;
  /** The call changed nothing worth an event. */
  skip(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Entity name → how the trail reads its objects. */
    auditReaders: Map<string, AuditReader>;
    /** False only where a bench compares writes without the trail (buildApp `audit: false`). */
    auditEnabled: boolean;
    /** Counts trail writes that failed (the metrics plugin reads it). */
    auditFailures: { count: number };
  }
}

/** Registers how the trail reads an entity's objects (registerEntityCalls does it for entities). */
export function registerAuditReader(app: FastifyInstance, entity: string, reader: AuditReader): void {
  const known = app.auditReaders.get(entity);
  app.auditReaders.set(entity, { ...known, ...reader });
}

/** A call's plan with the secrets its schemas mark, worked out once at registration. */
export interface PlannedAudit extends AuditPlan {
  marked: Set<string>;
}

export function planAudit(plan: AuditPlan | null, declaration: CallDeclaration): PlannedAudit | null {
  if (!plan || plan.recordedBy === 'domain') return null;
  return { ...plan, marked: secretFieldsOf(declaration.body, declaration.multipart?.fields, declaration.response) };
}

/** Where the request came from, as the trail records it. */
export function originOf(request: FastifyRequest, call: string): ActOrigin {
  return {
    ip: normaliseAddress(request.ip) ?? request.ip ?? null,
    requestId: String(request.id).slice(0, 100),
    call,
  };
}

const NO_AUDIT: CallAudit = { objects() {}, note() {}, skip() {} };

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids a body names (`items`), when it names objects of the entity. */
function itemsOf(body: unknown): number[] | null {
  if (!isObj(body) || !Array.isArray(body.items)) return null;
  const ids = body.items.filter((id): id is number => Number.isInteger(id) && id > 0);
  return ids.length > 0 && ids.length <= MAX_IDS ? [...new Set(ids)] : null;
}

/** Path parameters that name something besides an id (a worker, a queue, a date), as the object's key. */
const keyOfParams = (params: Obj) =>
  Object.entries(params)
    .filter(([name, value]) => name !== 'id' && (typeof value === 'string' || typeof value === 'number'))
    .map(([, value]) => String(value))
    .join(' ') || null;

/** Top-level counts and flags of an answer (`{ deleted: 3 }`, `{ users_created: 12 }`). */
function answerCounts(answer: unknown): Obj | null {
  const data = isObj(answer) ? answer.data : undefined;
  if (!isObj(data)) return null;
  const counts = Object.fromEntries(
    Object.entries(data).filter(([, value]) => typeof value === 'number' || typeof value === 'boolean'),
  );
  return Object.keys(counts).length > 0 ? counts : null;
}

/** What the body said, for events without object states (files by name and size). */
function bodyOf(body: unknown, marked: ReadonlySet<string>): unknown {
  if (isObj(body) && isObj(body.files) && 'fields' in body) {
    const files = Object.fromEntries(
      Object.entries(body.files).map(([name, file]) => {
        const f = file as { filename?: string; data?: Buffer };
        return [name, { filename: f.filename ?? null, bytes: f.data?.length ?? 0 }];
      }),
    );
    return { ...(keptValue(body.fields, marked) as Obj), files };
  }
  return body === undefined ? null : keptValue(body, marked);
}

/**
 * The trail of one call: `begin` reads what the call is about to change (before the handler),
 * `finish` reads it again and writes the events. Null when the call is not audited.
 */
export function startTrail(
  app: FastifyInstance,
  planned: PlannedAudit | null,
  input: { auth: Auth | null; params: Obj; body: unknown; method: string; request: FastifyRequest; own?: boolean },
) {
  const { params, body, method, request, own } = input;
  if (!planned || !input.auth || !app.auditEnabled) {
    return { api: NO_AUDIT, begin: async () => {}, finish: async (_answer: unknown) => {} };
  }
  const auth: Auth = input.auth;
  const { entity, action, marked } = planned;
  const reader = app.auditReaders.get(entity);
  const id = typeof params.id === 'number' ? params.id : null;
  const items = id === null ? itemsOf(body) : null;
  let explicit: { entity: string; changes: ObjectChange[] }[] | null = null;
  let skipped = false;
  const notes: Obj = {};
  let before = new Map<number, Obj>();
  let single: Obj | null = null;

  const api: CallAudit = {
    objects(changes, other) {
      explicit ??= [];
      explicit.push({ entity: other ?? entity, changes });
    },
    note(details) {
      Object.assign(notes, details);
    },
    skip() {
      skipped = true;
    },
  };

  const read = async (ids: number[]) => (reader?.many && ids.length > 0 ? reader.many(auth, ids) : new Map());

  async function begin() {
    if (own) return;
    if (id !== null) before = await read([id]);
    else if (items) before = await read(items);
    else if (reader?.one && method !== 'PUT') single = await reader.one(auth);
  }

  const event = (change: ObjectChange, eventEntity: string, changes: AuditEvent['changes'], details: Obj) => ({
    projectId: auth.projectId,
    userId: auth.userId,
    action,
    entity: eventEntity,
    entityId: change.id,
    entityKey: change.key ?? labelOf(change.after) ?? labelOf(change.before) ?? keyOfParams(params),
    changes,
    details,
    at: new Date().toISOString(),
  });

  async function eventsOf(answer: unknown): Promise<AuditEvent[]> {
    const counts = answerCounts(answer);
    const details: Obj = { ...(counts ? { answer: counts } : {}), ...notes };
    if (explicit) {
      return explicit.flatMap(({ entity: e, changes }) =>
        changes.map((c) => event(c, e, diffObjects(c.before, c.after, marked), details)),
      );
    }
    const data = isObj(answer) ? answer.data : undefined;
    if (id !== null && reader?.many) {
      const was = before.get(id) ?? null;
      let is: Obj | null = null;
      if (action !== 'delete') is = isObj(data) && data.id === id ? data : ((await read([id])).get(id) ?? null);
      const changes = withSecretsSet(diffObjects(was, is, marked), body, marked);
      return [event({ id, before: was, after: is }, entity, changes, details)];
    }
    if (items && reader?.many) {
      const after = await read(items);
      const changed = items
        .map((itemId) => ({ id: itemId, before: before.get(itemId) ?? null, after: after.get(itemId) ?? null }))
        .map((c) => ({ c, changes: diffObjects(c.before, c.after, marked) }))
        .filter(({ c, changes }) => changes.length > 0 || (c.before !== null && c.after === null));
      if (changed.length > 0) return changed.map(({ c, changes }) => event(c, entity, changes, details));
    }
    if (typeof data === 'number' && Number.isInteger(data) && reader?.many && method === 'PUT') {
      const created = (await read([data])).get(data) ?? null;
      const changes = withSecretsSet(diffObjects(null, created, marked), body, marked);
      return [event({ id: data, before: null, after: created }, entity, changes, details)];
    }
    if (reader?.one && single !== null) {
      const now = await reader.one(auth);
      const changes = withSecretsSet(diffObjects(single, now, marked), body, marked);
      return [event({ id: null, before: single, after: now }, entity, changes, details)];
    }
    const said = bodyOf(body, marked);
    const withBody =
      said === null || (isObj(said) && Object.keys(said).length === 0) ? details : { body: said, ...details };
    return [event({ id, before: null, after: null }, entity, secretsSet(body, marked), withBody)];
  }

  async function finish(answer: unknown) {
    if (skipped) return;
    try {
      await recordAuditEvents(app.ctx.db, await eventsOf(answer));
    } catch (error) {
      app.auditFailures.count++;
      request.log.error({ err: error }, 'audit event not recorded');
    }
  }

  return {
    api,
    /** A failed read before the act is the same failure after it: logged, and the act goes on. */
    begin: () =>
      begin().catch((error: unknown) => {
        app.auditFailures.count++;
        request.log.error({ err: error }, 'audit: the object could not be read before the act');
      }),
    finish,
  };
}
