import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { invalidData } from './errors';

/** Tables whose rows carry a project and a value unique within it. */
type ProjectTable = 'markers' | 'forward_groups' | 'forward_rule_sets' | 'domain_types';

/**
 * Refuses `value` for `field` when another row of the project's `table` holds
 * it (section 5: `value not unique`, shown on the field). `exceptId` is the row
 * being edited.
 */
export async function assertUniqueInProject(
  db: Kysely<Database>,
  table: ProjectTable,
  field: 'name' | 'type',
  value: string,
  projectId: number,
  exceptId?: number,
): Promise<void> {
  const { rows } = await sql`select 1 from ${sql.table(table)}
    where project_id = ${projectId} and ${sql.ref(field)} = ${value} and id <> ${exceptId ?? 0}
    limit 1`.execute(db);
  if (rows.length > 0) throw invalidData({ [field]: { code: 'not_unique' } });
}
