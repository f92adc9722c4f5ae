import type { TestApp } from './api-app';

/**
 * Access rows written straight to the tables (migration 0019), for suites that test what reads
 * them (the evaluator, door lists, sync) without the CRUD calls of the other access areas.
 */
const now = () => new Date().toISOString();

export async function insertIdentifier(
  t: TestApp,
  projectId: number,
  row: {
    type?: string;
    value: string;
    owner_id?: number | null;
    owner_type?: 'owner' | 'guest';
    is_active?: 0 | 1;
    revoked_at?: string | null;
    period?: { from: string | null; to: string | null };
    passes?: { max: number; used: number };
  },
): Promise<number> {
  const inserted = await t.db
    .insertInto('identifiers')
    .values({
      project_id: projectId,
      type: row.type ?? 'card',
      value: row.value,
      owner_type: row.owner_type ?? 'owner',
      owner_id: row.owner_id ?? null,
      is_active: row.is_active ?? 1,
      revoked_at: row.revoked_at ?? null,
      period_active: row.period ? 1 : 0,
      period_from: row.period?.from ?? null,
      period_to: row.period?.to ?? null,
      passes_active: row.passes ? 1 : 0,
      passes_max_count: row.passes?.max ?? null,
      passes_count: row.passes?.used ?? 0,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertTimeRule(t: TestApp, projectId: number, name: string, definition: unknown = {}) {
  const inserted = await t.db
    .insertInto('time_rules')
    .values({
      project_id: projectId,
      name,
      definition: JSON.stringify(definition),
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertRule(
  t: TestApp,
  projectId: number,
  rule: {
    name: string;
    prohibition?: boolean;
    created_by_user_id?: number | null;
    doors: { device_id: number; lock: number }[];
    time_rules?: number[];
    users?: number[];
    identifiers?: number[];
    groups?: number[];
  },
): Promise<number> {
  const inserted = await t.db
    .insertInto('access_rules')
    .values({
      project_id: projectId,
      name: rule.name,
      prohibition: rule.prohibition ? 1 : 0,
      created_by_user_id: rule.created_by_user_id ?? null,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  for (const d of rule.doors)
    await t.db
      .insertInto('access_rule_devices')
      .values({ access_rule_id: id, device_id: d.device_id, lock_number: d.lock })
      .execute();
  for (const x of rule.time_rules ?? [])
    await t.db.insertInto('access_rule_time_rules').values({ access_rule_id: id, time_rule_id: x }).execute();
  for (const x of rule.users ?? [])
    await t.db.insertInto('access_rule_users').values({ access_rule_id: id, user_id: x }).execute();
  for (const x of rule.identifiers ?? [])
    await t.db.insertInto('access_rule_identifiers').values({ access_rule_id: id, identifier_id: x }).execute();
  for (const x of rule.groups ?? [])
    await t.db.insertInto('access_rule_domains').values({ access_rule_id: id, domain_id: x }).execute();
  return id;
}

/** Empties the demo's access data (rules, schedules, marked days, identifiers): tests that count chains start bare. */
export async function clearDemoAccess(t: TestApp): Promise<void> {
  await t.db.deleteFrom('access_rules').execute();
  await t.db.deleteFrom('elevator_access_rules').execute();
  await t.db.deleteFrom('time_rules').execute();
  await t.db.deleteFrom('project_days').execute();
  await t.db.deleteFrom('identifiers').execute();
}
