import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { grantedPairs, grantsOfRules, rulesGranting } from './grants';
import { type Credential, credentialKey, type Who } from './model';
import type { HolderRow, RuleRow } from './rows-model';

/**
 * The evaluator's rows from the database, two ways: for one door (every rule naming the device
 * and every identifier those rules reach) and for one identifier or user (every rule reaching
 * it). Both are a handful of indexed queries, whatever the number of users and identifiers.
 */

export interface LoadedRows {
  project_id: number;
  credentials: Credential[];
  users: HolderRow[];
  rules: RuleRow[];
}

/** The rules among `ids`, with what they join. */
export async function loadRules(db: Kysely<Database>, ids: readonly number[]): Promise<RuleRow[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [rules, doors, times, identifiers, users, groups, granted] = await Promise.all([
    db.selectFrom('access_rules').select(['id', 'prohibition']).where('id', 'in', list).orderBy('id').execute(),
    db
      .selectFrom('access_rule_devices')
      .select(['access_rule_id', 'device_id', 'lock_number'])
      .where('access_rule_id', 'in', list)
      .orderBy('device_id')
      .orderBy('lock_number')
      .execute(),
    pairs(db, 'access_rule_time_rules', 'time_rule_id', list),
    pairs(db, 'access_rule_identifiers', 'identifier_id', list),
    pairs(db, 'access_rule_users', 'user_id', list),
    pairs(db, 'access_rule_domains', 'domain_id', list),
    grantsOfRules(db, list),
  ]);
  const byRule = new Map<number, RuleRow>();
  for (const r of rules) {
    byRule.set(Number(r.id), {
      id: Number(r.id),
      prohibition: Number(r.prohibition) === 1,
      doors: [],
      time_rule_ids: [],
      identifier_ids: [],
      user_ids: [],
      group_ids: [],
    });
  }
  for (const d of doors)
    (byRule.get(Number(d.access_rule_id))?.doors as unknown[] | undefined)?.push({
      device_id: Number(d.device_id),
      lock: Number(d.lock_number),
    });
  const fill = (
    rows: { rule: number; other: number }[],
    field: 'time_rule_ids' | 'identifier_ids' | 'user_ids' | 'group_ids',
  ) => {
    for (const row of rows) (byRule.get(row.rule)?.[field] as number[] | undefined)?.push(row.other);
  };
  fill(times, 'time_rule_ids');
  fill(identifiers, 'identifier_ids');
  fill(granted, 'identifier_ids');
  fill(users, 'user_ids');
  fill(groups, 'group_ids');
  return [...byRule.values()];
}

type JoinTable = 'access_rule_time_rules' | 'access_rule_identifiers' | 'access_rule_users' | 'access_rule_domains';

async function pairs(db: Kysely<Database>, table: JoinTable, column: string, ruleIds: number[]) {
  const rows = await db
    .selectFrom(table)
    .select([sql<number>`access_rule_id`.as('rule'), sql<number>`${sql.ref(column)}`.as('other')])
    .where(sql.ref('access_rule_id'), 'in', ruleIds)
    .orderBy(sql.ref(column))
    .execute();
  return rows.map((r) => ({ rule: Number(r.rule), other: Number(r.other) }));
}

/** Identifiers with the columns the evaluator reads and the owner's deletion. */
function identifierQuery(db: Kysely<Database>) {
  return db
    .selectFrom('identifiers as i')
    .leftJoin('users as u', 'u.id', 'i.owner_id')
    .select([
      'i.id',
      'i.type',
      'i.value',
      'i.is_active',
      'i.revoked_at',
      'i.owner_type',
      'i.owner_id',
      'i.period_active',
      'i.period_from',
      'i.period_to',
      'i.passes_active',
      'i.passes_max_count',
      'i.passes_count',
      'i.valid_windows',
      'u.deleted_at as owner_deleted_at',
    ]);
}

type IdentifierRow = {
  id: number;
  type: string;
  value: string;
  is_active: number;
  revoked_at: string | null;
  owner_type: string;
  owner_id: number | null;
  period_active: number;
  period_from: string | null;
  period_to: string | null;
  passes_active: number;
  passes_max_count: number | null;
  passes_count: number;
  valid_windows?: string | null;
  owner_deleted_at: string | null;
};

/** An identifier's stored validity windows (null: none; a damaged column reads as none). */
function windowsOf(text: string | null): Credential['windows'] {
  if (!text) return null;
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return null;
    const windows = list.filter(
      (w): w is { from: string; to: string } => typeof w?.from === 'string' && typeof w?.to === 'string',
    );
    return windows.length > 0 ? windows : null;
  } catch {
    return null;
  }
}

export function toCredential(row: IdentifierRow): Credential {
  const owned = row.owner_type === 'owner' && row.owner_id !== null;
  return {
    key: credentialKey(row.type, row.value),
    id: Number(row.id),
    type: row.type,
    value: row.value,
    active: Number(row.is_active) === 1,
    revoked: row.revoked_at !== null,
    period: Number(row.period_active) === 1 ? { from: row.period_from || null, to: row.period_to || null } : null,
    windows: windowsOf(row.valid_windows ?? null),
    passes:
      Number(row.passes_active) === 1 && row.passes_max_count !== null
        ? { max: Number(row.passes_max_count), used: Number(row.passes_count) }
        : null,
    owner_id: owned ? Number(row.owner_id) : null,
  };
}

/** (user, group) for members of these groups or of groups below them; `users` narrows to some users. */
async function memberships(db: Kysely<Database>, groupIds: readonly number[], users?: readonly number[]) {
  if (groupIds.length === 0) return [];
  let q = db
    .selectFrom('user_domains as ud')
    .innerJoin('domains as d', 'd.id', 'ud.domain_id')
    .innerJoin('domains as g', (j) =>
      j.onRef('g.project_id', '=', 'd.project_id').onRef('g.lft', '<=', 'd.lft').onRef('g.rgt', '>=', 'd.rgt'),
    )
    .select(['ud.user_id', 'g.id as group_id'])
    .where('g.id', 'in', [...groupIds]);
  if (users) q = q.where('ud.user_id', 'in', [...users]);
  const rows = await q.execute();
  return rows.map((r) => ({ user_id: Number(r.user_id), group_id: Number(r.group_id) }));
}

/** Holders of these credentials' owners (and of `extra` users), with their groups among `groupIds`. */
function holders(owners: Map<number, boolean>, members: { user_id: number; group_id: number }[]): HolderRow[] {
  const groups = new Map<number, number[]>();
  for (const m of members) {
    const list = groups.get(m.user_id);
    if (list) {
      if (!list.includes(m.group_id)) list.push(m.group_id);
    } else groups.set(m.user_id, [m.group_id]);
  }
  return [...owners].map(([id, disabled]) => ({
    id,
    disabled,
    group_ids: (groups.get(id) ?? []).sort((a, b) => a - b),
  }));
}

const ruleIdsIn = (db: Kysely<Database>, ruleIds: number[]) => ({
  identifiers: db.selectFrom('access_rule_identifiers').select('identifier_id').where('access_rule_id', 'in', ruleIds),
  users: db.selectFrom('access_rule_users').select('user_id').where('access_rule_id', 'in', ruleIds),
  groups: db.selectFrom('access_rule_domains').select('domain_id').where('access_rule_id', 'in', ruleIds),
});

/** Every rule naming the device, and every identifier they reach (with its owner). Null: no such device. */
export async function loadForDoor(db: Kysely<Database>, deviceId: number): Promise<LoadedRows | null> {
  const device = await db.selectFrom('devices').select('project_id').where('id', '=', deviceId).executeTakeFirst();
  if (!device) return null;
  const ruleIds = (
    await db
      .selectFrom('access_rule_devices')
      .select('access_rule_id')
      .distinct()
      .where('device_id', '=', deviceId)
      .execute()
  ).map((r) => Number(r.access_rule_id));
  return loadForRules(db, Number(device.project_id), ruleIds);
}

/**
 * These rules of the project, and every identifier they reach (with its owner): what a door
 * naming exactly these rules is compiled from, whichever door it is (door-list.ts compiles it
 * once for all the doors holding the same rules and locks).
 */
export async function loadForRules(
  db: Kysely<Database>,
  projectId: number,
  ruleIds: readonly number[],
): Promise<LoadedRows> {
  if (ruleIds.length === 0) return { project_id: projectId, credentials: [], users: [], rules: [] };
  const rules = await loadRules(db, ruleIds);
  const named = ruleIdsIn(db, [...ruleIds]);
  const groupIds = [...new Set(rules.flatMap((r) => r.group_ids))];
  // Owners reached through groups: members of the named groups or of groups below them.
  const members = await memberships(db, groupIds);
  const rows = (await identifierQuery(db)
    .where('i.project_id', '=', projectId)
    .where((eb) =>
      eb.or([
        eb('i.id', 'in', named.identifiers),
        eb(
          'i.id',
          'in',
          grantedPairs(db)
            .select('gr.identifier_id')
            .where('gar.access_rule_id', 'in', [...ruleIds]),
        ),
        eb.and([
          eb('i.owner_type', '=', 'owner'),
          eb.or([
            eb('i.owner_id', 'in', named.users),
            eb(
              'i.owner_id',
              'in',
              eb
                .selectFrom('user_domains as ud')
                .innerJoin('domains as d', 'd.id', 'ud.domain_id')
                .innerJoin('domains as g', (j) =>
                  j
                    .onRef('g.project_id', '=', 'd.project_id')
                    .onRef('g.lft', '<=', 'd.lft')
                    .onRef('g.rgt', '>=', 'd.rgt'),
                )
                .select('ud.user_id')
                .where('g.id', 'in', named.groups),
            ),
          ]),
        ]),
      ]),
    )
    .orderBy('i.type')
    .orderBy('i.value')
    .execute()) as IdentifierRow[];
  const owners = new Map<number, boolean>();
  for (const row of rows)
    if (row.owner_type === 'owner' && row.owner_id !== null)
      owners.set(Number(row.owner_id), row.owner_deleted_at !== null);
  return { project_id: projectId, credentials: rows.map(toCredential), users: holders(owners, members), rules };
}

/** The identifier or user asked about and every rule reaching it. Null: not found in the project. */
export async function loadForSubject(
  db: Kysely<Database>,
  projectId: number,
  who: Who,
): Promise<(LoadedRows & { subject: { identifier_id: number | null; user_id: number | null } }) | null> {
  let credential: Credential | null = null;
  let userId: number | null = null;
  let userDeleted = false;
  if ('user_id' in who) {
    const user = await db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .select(['u.id', 'u.deleted_at'])
      .where('u.id', '=', who.user_id)
      .where('m.project_id', '=', projectId)
      .executeTakeFirst();
    if (!user) return null;
    userId = Number(user.id);
    userDeleted = user.deleted_at !== null;
  } else {
    let q = identifierQuery(db).where('i.project_id', '=', projectId);
    if ('identifier_id' in who) q = q.where('i.id', '=', who.identifier_id);
    else if ('key' in who) q = q.where(sql<string>`i.type || ':' || i.value`, '=', who.key);
    else q = q.where('i.type', '=', who.type).where('i.value', '=', who.value);
    const row = (await q.executeTakeFirst()) as IdentifierRow | undefined;
    if (!row) return null;
    credential = toCredential(row);
    userId = credential.owner_id;
    userDeleted = row.owner_deleted_at !== null;
  }
  // The user's groups with their ancestors: any of them may be named by a rule.
  const groups =
    userId === null
      ? []
      : (
          await db
            .selectFrom('user_domains as ud')
            .innerJoin('domains as d', 'd.id', 'ud.domain_id')
            .innerJoin('domains as g', (j) =>
              j.onRef('g.project_id', '=', 'd.project_id').onRef('g.lft', '<=', 'd.lft').onRef('g.rgt', '>=', 'd.rgt'),
            )
            .select('g.id')
            .distinct()
            .where('ud.user_id', '=', userId)
            .execute()
        ).map((g) => Number(g.id));
  const ruleIds = new Set<number>();
  const add = (rows: { access_rule_id: number }[]) => {
    for (const r of rows) ruleIds.add(Number(r.access_rule_id));
  };
  if (credential?.id != null) {
    add(
      await db
        .selectFrom('access_rule_identifiers')
        .select('access_rule_id')
        .where('identifier_id', '=', credential.id)
        .execute(),
    );
    add((await rulesGranting(db, credential.id)).map((access_rule_id) => ({ access_rule_id })));
  }
  if (userId !== null) {
    add(await db.selectFrom('access_rule_users').select('access_rule_id').where('user_id', '=', userId).execute());
    if (groups.length > 0)
      add(
        await db.selectFrom('access_rule_domains').select('access_rule_id').where('domain_id', 'in', groups).execute(),
      );
  }
  const rules = await loadRules(db, [...ruleIds]);
  const users: HolderRow[] =
    userId === null ? [] : [{ id: userId, disabled: userDeleted, group_ids: groups.sort((a, b) => a - b) }];
  return {
    project_id: projectId,
    credentials: credential ? [credential] : [],
    users,
    rules,
    subject: { identifier_id: credential?.id ?? null, user_id: userId },
  };
}
