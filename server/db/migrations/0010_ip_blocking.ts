import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * IP blocking (7.8), shared by the console's credential calls and the SIP
 * server: failure counters in the database (every node counts into the same
 * rows), the escalation step of a ban and when its end was announced,
 * per-login locks, whitelist entries with a description and an author, and
 * the generic audit trail the unbans and whitelist changes write (the Audit
 * area will read it).
 */
export const ipBlocking: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('ip_bans')
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // Set when a sweep saw the ban run out (and told the consoles); the row stays a day for the escalation.
    await db.schema.alterTable('ip_bans').addColumn('lapsed_at', 'text').execute();
    await db.schema.createIndex('ip_bans_expires_idx').on('ip_bans').column('expires_at').execute();

    await db.schema.alterTable('ip_whitelist').addColumn('description', 'text').execute();
    await db.schema
      .alterTable('ip_whitelist')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();

    await db.schema
      .createTable('ip_block_failures')
      .$call(idColumn(db))
      // address (key: an IP) | login (key: the login as typed)
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      // http | sip
      .addColumn('service', 'text', (c) => c.notNull())
      // AUTH_FAILED | WRONG_NUMBER
      .addColumn('cause', 'text', (c) => c.notNull())
      .addColumn('failed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ip_block_failures_key_idx')
      .on('ip_block_failures')
      .columns(['subject', 'key', 'service', 'cause', 'failed_at'])
      .execute();
    await db.schema.createIndex('ip_block_failures_time_idx').on('ip_block_failures').column('failed_at').execute();

    await db.schema
      .createTable('login_locks')
      .$call(idColumn(db))
      .addColumn('login', 'text', (c) => c.notNull().unique())
      .addColumn('locked_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('audit_events')
      .$call(idColumn(db))
      // The project the acting user worked in; null for the system or installation-wide acts without one.
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // the act, e.g. update, delete_all, unban (src/contract/audit-plan.ts)
      .addColumn('action', 'text', (c) => c.notNull())
      // The entity acted on (a contract entity name, e.g. ip_bans) and its id, or a key when it has none.
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'integer')
      .addColumn('entity_key', 'text')
      // JSON object: what the act changed.
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('audit_events_project_idx')
      .on('audit_events')
      .columns(['project_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('audit_events_action_idx')
      .on('audit_events')
      .columns(['action', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['audit_events', 'login_locks', 'ip_block_failures'])
      await db.schema.dropTable(table).execute();
    await db.schema.alterTable('ip_whitelist').dropColumn('created_by_user_id').execute();
    await db.schema.alterTable('ip_whitelist').dropColumn('description').execute();
    await db.schema.dropIndex('ip_bans_expires_idx').execute();
    await db.schema.alterTable('ip_bans').dropColumn('lapsed_at').execute();
    await db.schema.alterTable('ip_bans').dropColumn('level').execute();
  },
};
