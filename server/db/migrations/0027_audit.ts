import type { Kysely, Migration } from 'kysely';

/**
 * The audit trail grows to what the Audit area shows (issue 14, docs/decisions.md "Audit"):
 * where the act came from (`ip`, the client address as the server sees it behind TRUST_PROXY),
 * the `request_id` that ties it to the server log and to the other objects of the same bulk
 * call, the contract `call` it came through, and `changes`: a JSON array of
 * `{ field, before, after }` (a secret field carries `secret: true` and no values). Indexes serve
 * the list's filters (entity, user, request) newest first, and retention by age.
 */
export const audit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('ip', 'text').execute();
    await db.schema.alterTable('audit_events').addColumn('request_id', 'text').execute();
    await db.schema.alterTable('audit_events').addColumn('call', 'text').execute();
    await db.schema
      .alterTable('audit_events')
      .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .createIndex('audit_events_entity_idx')
      .on('audit_events')
      .columns(['project_id', 'entity', 'created_at'])
      .execute();
    await db.schema
      .createIndex('audit_events_user_idx')
      .on('audit_events')
      .columns(['project_id', 'user_id', 'created_at'])
      .execute();
    await db.schema.createIndex('audit_events_request_idx').on('audit_events').column('request_id').execute();
    await db.schema.createIndex('audit_events_time_idx').on('audit_events').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const index of [
      'audit_events_time_idx',
      'audit_events_request_idx',
      'audit_events_user_idx',
      'audit_events_entity_idx',
    ])
      await db.schema.dropIndex(index).execute();
    for (const column of ['changes', 'call', 'request_id', 'ip'])
      await db.schema.alterTable('audit_events').dropColumn(column).execute();
  },
};
