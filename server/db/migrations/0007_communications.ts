import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Communications (issue 4): conversations with their participants and messages,
 * announcements with their recipients (users, groups), the per-recipient
 * delivery with token and poll answer, and emergency alerts with their groups
 * and devices. The devices table comes later (0008), so alert devices carry no
 * foreign key: reads join the table and deleting a device leaves a dead link
 * that nothing shows (docs/decisions.md).
 */
export const communications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('conversations')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Time of the last message: lists sort on it.
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('conversations_project_updated_idx')
      .on('conversations')
      .columns(['project_id', 'updated_at'])
      .execute();

    await db.schema
      .createTable('conversation_participants')
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Messages after this time are unread for the participant.
      .addColumn('last_read_at', 'text')
      .addPrimaryKeyConstraint('conversation_participants_pk', ['conversation_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('conversation_participants_user_idx')
      .on('conversation_participants')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('conversation_messages')
      .$call(idColumn(db))
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('conversation_messages_conversation_created_idx')
      .on('conversation_messages')
      .columns(['conversation_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('announces')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('info'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
      // JSON: { questions, poll_multi_answers_allowed, poll_user_answer_allowed }
      .addColumn('type_info', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('send_via', 'text', (c) => c.notNull().defaultTo('email'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('use_owner_info', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('execute_at', 'text')
      .addColumn('started_at', 'text')
      .addColumn('stopped_at', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('announces_project_idx').on('announces').column('project_id').execute();
    // The scheduler looks for new announces whose time has come.
    await db.schema.createIndex('announces_due_idx').on('announces').columns(['status', 'execute_at']).execute();

    await db.schema
      .createTable('announce_users')
      .addColumn('announce_id', 'integer', (c) => c.notNull().references('announces.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('announce_users_pk', ['announce_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('announce_domains')
      .addColumn('announce_id', 'integer', (c) => c.notNull().references('announces.id').onDelete('cascade'))
      .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('announce_domains_pk', ['announce_id', 'domain_id'])
      .execute();

    // One row per user an announce was delivered to: the token of /announce/:token and the poll answer.
    await db.schema
      .createTable('announce_recipients')
      .$call(idColumn(db))
      .addColumn('announce_id', 'integer', (c) => c.notNull().references('announces.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('delivered_at', 'text', (c) => c.notNull())
      .addColumn('viewed_at', 'text')
      // JSON array of chosen option indices.
      .addColumn('answers', 'text')
      .addColumn('custom_answer', 'text')
      .addColumn('answered_at', 'text')
      .addUniqueConstraint('announce_recipients_announce_user_unique', ['announce_id', 'user_id'])
      .execute();
    await db.schema.createIndex('announce_recipients_user_idx').on('announce_recipients').column('user_id').execute();

    await db.schema
      .createTable('emergency_alerts')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('device_type', 'text', (c) => c.notNull().defaultTo('monitor'))
      .addColumn('filename', 'text')
      .addColumn('playback_duration', 'integer', (c) => c.notNull().defaultTo(60))
      .addColumn('open_locks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
      .addColumn('started_at', 'text')
      .addColumn('stopped_at', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('emergency_alerts_project_idx').on('emergency_alerts').column('project_id').execute();
    await db.schema
      .createTable('emergency_alert_domains')
      .addColumn('alert_id', 'integer', (c) => c.notNull().references('emergency_alerts.id').onDelete('cascade'))
      .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('emergency_alert_domains_pk', ['alert_id', 'domain_id'])
      .execute();
    await db.schema
      .createTable('emergency_alert_devices')
      .addColumn('alert_id', 'integer', (c) => c.notNull().references('emergency_alerts.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('emergency_alert_devices_pk', ['alert_id', 'device_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'emergency_alert_devices',
      'emergency_alert_domains',
      'emergency_alerts',
      'announce_recipients',
      'announce_domains',
      'announce_users',
      'announces',
      'conversation_messages',
      'conversation_participants',
      'conversations',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
