import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Telephony (issue 5): devices (the minimum a door panel needs to own a number and
 * open a door; the devices issue extends the table), virtual SIP numbers, forward
 * rule sets and groups, SIP trunks, call history, interception settings and the
 * IP bans the SIP server's blocking hooks write.
 */
export const telephony: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('devices')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('panel'))
      .addColumn('model', 'text', (c) => c.notNull().defaultTo('AA12'))
      .addColumn('ip_address', 'text')
      .addColumn('port', 'integer', (c) => c.notNull().defaultTo(80))
      .addColumn('serial_number', 'text')
      .addColumn('password', 'text')
      .addColumn('device_login', 'text')
      .addColumn('device_password', 'text')
      .addColumn('protocol', 'text', (c) => c.notNull().defaultTo('mqtt'))
      .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('set null'))
      // Opaque handle the dialer's door management and the open-door call use.
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('info', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('devices_project_idx').on('devices').column('project_id').execute();

    await db.schema
      .createTable('forward_rule_sets')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // JSON: { numbers: string[], timeout: number, days: string[], period: { from, to } | null, trunk_numbers: string[] }
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('forward_groups')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // JSON list: { type: 'redirect_if_no_answer', is_immediately, timeout, forward_rule_set_ids }
      //            | { type: 'redirect_if_error', enabled, timeout, forward_rule_set_ids }
      .addColumn('forward_rules', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sip_numbers')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      // The SIP user part: unique on the whole server, since it registers as number@host.
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      // Kept in clear: the owner's softphone registers with it, and digest auth needs it.
      .addColumn('password', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_reserved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
      .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('set null'))
      .addColumn('forward_group_id', 'integer', (c) => c.references('forward_groups.id').onDelete('set null'))
      // disabled | manual | picked
      .addColumn('forward_mode', 'text', (c) => c.notNull().defaultTo('disabled'))
      // null | master_sip_number (a group's master number) | concierge (calls to it queue as awaiting calls)
      .addColumn('purpose', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sip_numbers_project_idx').on('sip_numbers').column('project_id').execute();
    await db.schema.createIndex('sip_numbers_user_idx').on('sip_numbers').column('user_id').execute();

    await db.schema
      .createTable('sip_number_forward_rule_sets')
      .addColumn('sip_number_id', 'integer', (c) => c.notNull().references('sip_numbers.id').onDelete('cascade'))
      .addColumn('forward_rule_set_id', 'integer', (c) =>
        c.notNull().references('forward_rule_sets.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('sip_number_forward_rule_sets_pk', ['sip_number_id', 'forward_rule_set_id'])
      .execute();

    await db.schema
      .createTable('sip_trunks')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('outgoing_number', 'text', (c) => c.notNull())
      .addColumn('termination_uri', 'text', (c) => c.notNull())
      .addColumn('login', 'text')
      .addColumn('password', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sip_trunk_domains')
      .addColumn('sip_trunk_id', 'integer', (c) => c.notNull().references('sip_trunks.id').onDelete('cascade'))
      .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('sip_trunk_domains_pk', ['sip_trunk_id', 'domain_id'])
      .execute();

    await db.schema
      .createTable('call_history')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      // The X-Speech-Id of the call; an awaiting call keeps one id across its concierge legs.
      .addColumn('speech_id', 'text', (c) => c.notNull())
      .addColumn('from_number', 'text', (c) => c.notNull())
      .addColumn('to_number', 'text', (c) => c.notNull())
      .addColumn('from_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('to_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // The number that answered (a concierge for an awaiting call), when one did.
      .addColumn('answered_by', 'text')
      // answered | cancel | busy | noanswer | failed
      .addColumn('status', 'text', (c) => c.notNull())
      // normal | awaiting
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('normal'))
      .addColumn('is_sos', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'text')
      .addColumn('ended_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('call_history_project_created_idx')
      .on('call_history')
      .columns(['project_id', 'created_at'])
      .execute();
    await db.schema.createIndex('call_history_from_idx').on('call_history').column('from_number').execute();
    await db.schema.createIndex('call_history_to_idx').on('call_history').column('to_number').execute();

    await db.schema
      .createTable('interception_settings')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON list of group ids
      .addColumn('domains', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('interception_settings_pk', ['user_id', 'project_id'])
      .execute();

    await db.schema
      .createTable('ip_bans')
      .$call(idColumn(db))
      .addColumn('ip', 'text', (c) => c.notNull())
      // sip | http
      .addColumn('service', 'text', (c) => c.notNull())
      // UNKNOWN | AUTH_FAILED | WRONG_NUMBER
      .addColumn('cause', 'text', (c) => c.notNull())
      .addColumn('banned_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addUniqueConstraint('ip_bans_ip_service_unique', ['ip', 'service'])
      .execute();
    await db.schema
      .createTable('ip_whitelist')
      .$call(idColumn(db))
      .addColumn('ip', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'ip_whitelist',
      'ip_bans',
      'interception_settings',
      'call_history',
      'sip_trunk_domains',
      'sip_trunks',
      'sip_number_forward_rule_sets',
      'sip_numbers',
      'forward_groups',
      'forward_rule_sets',
      'devices',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
