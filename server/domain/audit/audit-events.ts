import type { Kysely } from 'kysely';
import type { AuditChange } from '../../../src/contract/entities/audit-event';
import type { Database } from '../../db/schema';
import { currentActOrigin } from './request-context';

/**
 * The audit trail (`audit_events`): one row per object an act changed. The call plumbing
 * writes one for every audited call (server/http/plumbing/audit-trail.ts); a domain that wants
 * its row in the act's own transaction writes it here itself (IP blocking), and its call
 * declares `audit: { recordedBy: 'domain' }`. Where the act came from (address, request, call)
 * is read from the request being served (request-context.ts).
 */
export interface AuditEvent {
  /** The project the acting user worked in. */
  projectId: number | null;
  userId: number | null;
  /** What was done: create, update, delete, delete_all, unban, … (src/contract/audit-plan.ts). */
  action: string;
  /** The entity acted on (a contract entity name) and its id, or a key when it has no id. */
  entity: string;
  entityId?: number | null;
  entityKey?: string | null;
  /** Field by field, before and after (secrets as changed, without values). */
  changes?: AuditChange[];
  /** What else the act said: its body, its answer's counts. */
  details: Record<string, unknown>;
  at: string;
}

/** Rows per INSERT of a bulk act (11 values each: well under both dialects' parameter limits). */
const CHUNK = 500;

const rowOf = (event: AuditEvent) => {
  const origin = currentActOrigin();
  return {
    project_id: event.projectId,
    user_id: event.userId,
    action: event.action,
    entity: event.entity,
    entity_id: event.entityId ?? null,
    entity_key: event.entityKey ?? null,
    details: JSON.stringify(event.details),
    changes: JSON.stringify(event.changes ?? []),
    created_at: event.at,
    ip: origin?.ip ?? null,
    request_id: origin?.requestId ?? null,
    call: origin?.call ?? null,
  };
};

export async function recordAuditEvent(db: Kysely<Database>, event: AuditEvent): Promise<void> {
  await db.insertInto('audit_events').values(rowOf(event)).execute();
}

/** Many events of one act (a delete-all), in a few multi-row inserts. */
export async function recordAuditEvents(db: Kysely<Database>, events: AuditEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += CHUNK) {
    await db
      .insertInto('audit_events')
      .values(events.slice(i, i + CHUNK).map(rowOf))
      .execute();
  }
}
