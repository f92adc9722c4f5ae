import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/**
 * `count` more members of a project, by bulk inserts (users, memberships, one group each):
 * the big projects of the backup kill test and bench/backups.bench.ts. Logins `bulk<n>`.
 */
export async function addBulkUsers(db: Kysely<Database>, projectId: number, count: number, batch = 500) {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('project_id', '=', projectId)
    .where('is_admin', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const groups = await db
    .selectFrom('domains')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  const now = new Date().toISOString();
  for (let from = 0; from < count; from += batch) {
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(batch, count - from) }, (_, i) => {
        const n = from + i;
        return {
          login: `bulk${n}`,
          name: `Bulk User ${String((n * 7919) % count).padStart(6, '0')}`,
          email: `bulk${n}@example.net`,
          created_at: now,
          updated_at: now,
          activated_at: n % 3 === 0 ? null : now,
        };
      });
      const ids = await trx.insertInto('users').values(rows).returning('id').execute();
      await trx
        .insertInto('memberships')
        .values(ids.map(({ id }) => ({ user_id: id, project_id: projectId, role_id: role.id, created_at: now })))
        .execute();
      await trx
        .insertInto('user_domains')
        .values(ids.map(({ id }, i) => ({ user_id: id, domain_id: groups[(from + i) % groups.length]?.id ?? 0 })))
        .execute();
    });
  }
}
