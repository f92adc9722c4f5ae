import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The generic audit trail (`audit_events`): one row per act worth answering
 * for later, written in the same transaction as the act. The Audit area
 * (6.2 "view audit") will list them; areas only append.
 */
export interface AuditEvent {
  /** The project the acting user worked in. */
  projectId: number | null;
  userId: number | null;
  /** `area.verb`, e.g. `ip_blocking.unban`. */
  action: string;
  /** The entity acted on (a contract entity name) and its id, or a key when it has no id. */
  entity: string;
  entityId?: number | null;
  entityKey?: string | null;
  /** What the act changed, as the Audit area will show it. */
  details: Record<string, unknown>;
  at: string;
}

export async function recordAuditEvent(db: Kysely<Database>, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      project_id: event.projectId,
      user_id: event.userId,
      action: event.action,
      entity: event.entity,
      entity_id: event.entityId ?? null,
      entity_key: event.entityKey ?? null,
      details: JSON.stringify(event.details),
      created_at: event.at,
    })
    .execute();
}
