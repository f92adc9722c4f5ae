import type { Kysely, Migration } from 'kysely';

/**
 * A virtual number's own forward rule sets (manual mode) are stages, tried in
 * the order the number lists them (docs/decisions.md): the link keeps its
 * position. Existing links keep the order of their rule sets' ids.
 */
export const ruleSetOrder: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sip_number_forward_rule_sets')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sip_number_forward_rule_sets').dropColumn('position').execute();
  },
};
