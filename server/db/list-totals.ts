import type { Compilable, Kysely } from 'kysely';
import type { ListVersionTable } from './list-index-names';
import type { Database } from './schema';

/**
 * Cached list totals (docs/decisions.md, Lists). A total is the count of one compiled
 * query (SQL and parameters: the caller's scope, the filters and the search are all in
 * it), remembered with the write counters of the tables it reads (`list_versions`,
 * bumped by triggers on every insert, update and delete, on whichever node wrote).
 * Reading a cached total costs one primary-key read; any write to those tables makes
 * the next read count again. The counters are read before counting, so a write that
 * lands during the count only ever makes the cache older, never wrong.
 */
export interface ListTotals {
  total(count: Compilable<{ total: number | string }>): Promise<number>;
}

const MAX_ENTRIES = 2000;

export function createListTotals(db: Kysely<Database>, tables: readonly ListVersionTable[]): ListTotals {
  const cache = new Map<string, { version: string; total: number }>();
  const version = async () => {
    const rows = await db
      .selectFrom('list_versions')
      .select(['name', 'version'])
      .where('name', 'in', [...tables])
      .orderBy('name')
      .execute();
    return rows.map((r) => `${r.name}:${r.version}`).join(',');
  };
  return {
    async total(count) {
      const compiled = count.compile();
      const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const current = await version();
      const hit = cache.get(key);
      if (hit && hit.version === current) return hit.total;
      const row = (await db.executeQuery(compiled)).rows[0] as { total?: number | string } | undefined;
      const total = Number(row?.total ?? 0);
      cache.delete(key);
      cache.set(key, { version: current, total });
      // Oldest first out: a Map iterates in insertion order.
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      return total;
    },
  };
}
