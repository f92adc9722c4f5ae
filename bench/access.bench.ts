/**
 * Access decisions (issue 12) at BENCH_ACCESS_USERS (10,000) users with 5 identifiers each
 * (50,000), 1,000 rules and 500 doors, on a fresh SQLite file (BENCH_DATABASE_URL: PostgreSQL),
 * each figure beside a naive baseline in the same run (load every rule, evaluate every rule for
 * every credential):
 * - explain: the explain call's domain function (explainAccess: load the identifier's rules in
 *   SQL, judge, name the chain) for random identifiers and doors; p50/p99 (goal p99 ≤ 5 ms).
 *   Baseline: load all rules and memberships, then decide.
 * - compile: one door's full identifiers list (doorIdentifiers, what a sync sends), for 10 doors;
 *   mean and max (goal ≤ 1 s). Baseline: load every identifier and rule, and for each
 *   credential evaluate every rule, keeping those at the door.
 * - access matrix: one page of 100 users × every door they reach (accessMatrixPage: set-based SQL
 *   over the rule joins), random pages unfiltered and first pages of a random group; p50/p99
 *   (goal p99 ≤ 50 ms). Baseline: load every rule, membership and identifier, and evaluate every
 *   rule for every user of the filter (the columns need all of them), keeping the page's cells.
 * Rules: 70 % name a group (one of 200 under one root), 20 % five users, 10 % ten identifiers;
 * each names 2 doors, 5 % are prohibitions, 30 % have one of 50 time rules.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { gatherStatistics } from '../server/db/statistics';
import { decide } from '../server/domain/access/decide/decide';
import { loadForSubject, loadRules, toCredential } from '../server/domain/access/decide/load';
import { modelFromRows } from '../server/domain/access/decide/rows-model';
import { doorIdentifiers } from '../server/domain/access/door-list';
import { explainAccess } from '../server/domain/access/explain';
import { accessMatrixPage } from '../server/domain/access/matrix/matrix';
import type { Auth } from '../server/domain/auth/auth-context';
import { ALL_PERMISSIONS } from '../src/contract/permissions';
import { benchDatabase } from './support/devices-database';
import { numberFrom } from './support/devices-measure';

const USERS = numberFrom('BENCH_ACCESS_USERS', 10_000);
const PER_USER = 5;
const RULES = numberFrom('BENCH_ACCESS_RULES', 1000);
const DOORS = 500;
const GROUPS = 200;
const EXPLAINS = numberFrom('BENCH_ACCESS_EXPLAINS', 2000);
const MATRIX_PAGES = numberFrom('BENCH_ACCESS_MATRIX_PAGES', 300);
const MATRIX_SIZE = 100;

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (n: number) => Math.floor(random() * n);

async function bulk<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 400) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function build(): Promise<{
  db: Kysely<Database>;
  projectId: number;
  doors: number[];
  identifiers: number[];
  groups: number[];
}> {
  const started = performance.now();
  const db = await benchDatabase(Array.from({ length: DOORS }, (_, i) => `ACC-${Date.now()}-${i}`));
  const project = await db.selectFrom('projects').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const projectId = Number(project.id);
  const doors = (await db.selectFrom('devices').select('id').where('project_id', '=', projectId).execute()).map((d) =>
    Number(d.id),
  );
  const now = new Date().toISOString();
  // A root and GROUPS leaves: a nested set by hand.
  const root = await db
    .insertInto('domains')
    .values({ project_id: projectId, name: 'root', lft: 1, rgt: 2 * GROUPS + 2, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const groupRows = Array.from({ length: GROUPS }, (_, i) => ({
    project_id: projectId,
    parent_id: Number(root.id),
    name: `g${i}`,
    lft: 2 + 2 * i,
    rgt: 3 + 2 * i,
    created_at: now,
    updated_at: now,
  }));
  await bulk(groupRows, (c) => db.insertInto('domains').values(c).execute());
  const groups = (await db.selectFrom('domains').select('id').where('parent_id', '=', Number(root.id)).execute()).map(
    (g) => Number(g.id),
  );
  const stamp = Date.now();
  await bulk(
    Array.from({ length: USERS }, (_, i) => ({
      login: `acc-${stamp}-${i}`,
      name: `User ${i}`,
      created_at: now,
      updated_at: now,
    })),
    (c) => db.insertInto('users').values(c).execute(),
  );
  const users = (
    await db.selectFrom('users').select('id').where('login', 'like', `acc-${stamp}-%`).orderBy('id').execute()
  ).map((u) => Number(u.id));
  await bulk(
    users.map((id) => ({ user_id: id, domain_id: groups[pick(GROUPS)] as number })),
    (c) => db.insertInto('user_domains').values(c).execute(),
  );
  // Project members (the matrix lists the project's users).
  const role = await db
    .insertInto('roles')
    .values({
      project_id: projectId,
      name: 'member',
      description: null,
      permissions: '[]',
      created_by_user_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bulk(
    users.map((id) => ({ user_id: id, project_id: projectId, role_id: Number(role.id), created_at: now })),
    (c) => db.insertInto('memberships').values(c).execute(),
  );
  await bulk(
    users.flatMap((id, u) =>
      Array.from({ length: PER_USER }, (_, k) => ({
        project_id: projectId,
        type: k === 4 ? 'plate' : 'card',
        value: `${stamp}-${u}-${k}`,
        owner_id: id,
        created_at: now,
        updated_at: now,
      })),
    ),
    (c) => db.insertInto('identifiers').values(c).execute(),
  );
  const identifiers = (
    await db.selectFrom('identifiers').select('id').where('project_id', '=', projectId).orderBy('id').execute()
  ).map((i) => Number(i.id));
  await bulk(
    Array.from({ length: 50 }, (_, i) => ({ project_id: projectId, name: `t${i}`, created_at: now, updated_at: now })),
    (c) => db.insertInto('time_rules').values(c).execute(),
  );
  const times = (await db.selectFrom('time_rules').select('id').where('project_id', '=', projectId).execute()).map(
    (t) => Number(t.id),
  );
  await bulk(
    Array.from({ length: RULES }, (_, i) => ({
      project_id: projectId,
      name: `r${i}`,
      prohibition: (random() < 0.05 ? 1 : 0) as 0 | 1,
      created_at: now,
      updated_at: now,
    })),
    (c) => db.insertInto('access_rules').values(c).execute(),
  );
  const rules = (await db.selectFrom('access_rules').select('id').where('project_id', '=', projectId).execute()).map(
    (r) => Number(r.id),
  );
  const ruleDoors = new Map<string, { access_rule_id: number; device_id: number; lock_number: number }>();
  const domains: { access_rule_id: number; domain_id: number }[] = [];
  const ruleUsers = new Map<string, { access_rule_id: number; user_id: number }>();
  const ruleIdents = new Map<string, { access_rule_id: number; identifier_id: number }>();
  const ruleTimes: { access_rule_id: number; time_rule_id: number }[] = [];
  for (const rule of rules) {
    for (let k = 0; k < 2; k++) {
      const door = { access_rule_id: rule, device_id: doors[pick(DOORS)] as number, lock_number: 1 + pick(2) };
      ruleDoors.set(`${rule}:${door.device_id}:${door.lock_number}`, door);
    }
    const kind = random();
    if (kind < 0.7) domains.push({ access_rule_id: rule, domain_id: groups[pick(GROUPS)] as number });
    else if (kind < 0.9)
      for (let k = 0; k < 5; k++) {
        const user = users[pick(users.length)] as number;
        ruleUsers.set(`${rule}:${user}`, { access_rule_id: rule, user_id: user });
      }
    else
      for (let k = 0; k < 10; k++) {
        const identifier = identifiers[pick(identifiers.length)] as number;
        ruleIdents.set(`${rule}:${identifier}`, { access_rule_id: rule, identifier_id: identifier });
      }
    if (random() < 0.3) ruleTimes.push({ access_rule_id: rule, time_rule_id: times[pick(times.length)] as number });
  }
  await bulk([...ruleDoors.values()], (c) => db.insertInto('access_rule_devices').values(c).execute());
  await bulk(domains, (c) => db.insertInto('access_rule_domains').values(c).execute());
  await bulk([...ruleUsers.values()], (c) => db.insertInto('access_rule_users').values(c).execute());
  await bulk([...ruleIdents.values()], (c) => db.insertInto('access_rule_identifiers').values(c).execute());
  await bulk(ruleTimes, (c) => db.insertInto('access_rule_time_rules').values(c).execute());
  // The planner statistics the server gathers after migrations and every hour (server/db/statistics.ts).
  await gatherStatistics(db);
  console.log(
    `seeded ${users.length} users, ${identifiers.length} identifiers, ${rules.length} rules, ${doors.length} doors in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { db, projectId, doors, identifiers, groups };
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (x: number) => x.toFixed(2).padStart(9);

/** Everything the project holds, as the naive evaluator takes it. */
async function loadEverything(db: Kysely<Database>, projectId: number) {
  const ruleIds = (await db.selectFrom('access_rules').select('id').where('project_id', '=', projectId).execute()).map(
    (r) => Number(r.id),
  );
  const rules = await loadRules(db, ruleIds);
  const members = await db
    .selectFrom('user_domains as ud')
    .innerJoin('domains as d', 'd.id', 'ud.domain_id')
    .innerJoin('domains as g', (j) =>
      j.onRef('g.project_id', '=', 'd.project_id').onRef('g.lft', '<=', 'd.lft').onRef('g.rgt', '>=', 'd.rgt'),
    )
    .select(['ud.user_id', 'g.id as group_id'])
    .where('d.project_id', '=', projectId)
    .execute();
  const groupsOf = new Map<number, number[]>();
  for (const m of members) {
    const list = groupsOf.get(Number(m.user_id)) ?? [];
    list.push(Number(m.group_id));
    groupsOf.set(Number(m.user_id), list);
  }
  return { rules, groupsOf };
}

console.log(`load before: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
const { db, projectId, doors, identifiers, groups } = await build();
const auth: Auth = {
  userId: 0,
  projectId,
  projectName: 'bench',
  familyId: 'bench',
  role: { id: 0, name: 'admin', isAdmin: true, permissions: [...ALL_PERMISSIONS] },
};
const at = new Date('2026-03-10T10:00:00Z');

// explain: the fast path alone first (the baseline's garbage would pause it), then the baseline.
const asks = Array.from({ length: EXPLAINS }, () => ({
  identifier: identifiers[pick(identifiers.length)] as number,
  door: doors[pick(doors.length)] as number,
}));
const explainTimes: number[] = [];
const naiveExplainTimes: number[] = [];
const granted = { fast: 0, naive: 0 };
for (const [i, { identifier, door }] of asks.entries()) {
  const t0 = performance.now();
  const answer = await explainAccess(db, auth, {
    identifier_id: identifier,
    device_id: door,
    lock: 1,
    at: at.toISOString(),
  });
  if (i >= 100) explainTimes.push(performance.now() - t0); // after a warm-up
  if (answer.granted) granted.fast++;
}
for (const { identifier, door } of asks.slice(0, Math.ceil(EXPLAINS / 10))) {
  const t0 = performance.now();
  const everything = await loadEverything(db, projectId);
  const loaded = await loadForSubject(db, projectId, { identifier_id: identifier });
  const owner = loaded?.users[0];
  const model = modelFromRows({
    credentials: loaded?.credentials ?? [],
    users: owner ? [{ ...owner, group_ids: everything.groupsOf.get(owner.id) ?? [] }] : [],
    rules: everything.rules,
    scheduleVerdict: () => undefined,
  });
  const d = decide(model, { identifier_id: identifier }, { device_id: door, lock: 1 }, at);
  naiveExplainTimes.push(performance.now() - t0);
  if (d.granted) granted.naive++;
}
console.log(`\nexplain (${EXPLAINS} random identifier × door; goal p99 ≤ 5 ms)`);
console.log('                p50 ms    p90 ms    p99 ms   max ms');
console.log(
  `gatehouse   ${ms(quantile(explainTimes, 0.5))} ${ms(quantile(explainTimes, 0.9))} ${ms(quantile(explainTimes, 0.99))} ${ms(Math.max(...explainTimes))}`,
);
console.log(
  `naive       ${ms(quantile(naiveExplainTimes, 0.5))} ${ms(quantile(naiveExplainTimes, 0.9))} ${ms(quantile(naiveExplainTimes, 0.99))} ${ms(Math.max(...naiveExplainTimes))}  (${naiveExplainTimes.length} runs)`,
);

// compile one door's full list
const compileTimes: number[] = [];
const naiveTimes: number[] = [];
const sizes: number[] = [];
for (let i = 0; i < 10; i++) {
  const door = doors[pick(doors.length)] as number;
  let t0 = performance.now();
  const items = await doorIdentifiers(db, door);
  compileTimes.push(performance.now() - t0);
  sizes.push(items.length);
  if (i < 3) {
    t0 = performance.now();
    const everything = await loadEverything(db, projectId);
    const rows = await db
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
        'u.deleted_at as owner_deleted_at',
      ])
      .where('i.project_id', '=', projectId)
      .execute();
    const credentials = rows.map(toCredential);
    const model = modelFromRows({
      credentials,
      users: [...everything.groupsOf].map(([id, group_ids]) => ({ id, disabled: false, group_ids })),
      rules: everything.rules,
      scheduleVerdict: () => undefined,
    });
    let reached = 0;
    for (const c of credentials) {
      const user = c.owner_id === null ? null : (model.user(c.owner_id) ?? null);
      if (model.rulesFor({ credential: c, user }).some(({ rule }) => rule.doors.some((d) => d.device_id === door)))
        reached++;
    }
    naiveTimes.push(performance.now() - t0);
    if (reached !== items.length) throw new Error(`naive reached ${reached}, compiled ${items.length}`);
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `\ncompile one door's identifiers list (10 doors; goal ≤ 1 s); items per door: ${Math.min(...sizes)}–${Math.max(...sizes)}`,
);
console.log('               mean ms    max ms');
console.log(`gatehouse   ${ms(mean(compileTimes))} ${ms(Math.max(...compileTimes))}`);
console.log(
  `naive       ${ms(mean(naiveTimes))} ${ms(Math.max(...naiveTimes))}  (${naiveTimes.length} doors, same items)`,
);
console.log(`\ngranted in explain: ${granted.fast}/${EXPLAINS}; naive ${granted.naive}/${naiveExplainTimes.length}`);

// ---- access matrix: a page of users × doors ----

/** The page's cells as `user device#lock → rule ids`, and the columns, for comparing the two ways. */
type MatrixView = { doors: string[]; cells: Map<string, number[]> };

/** Naive: every rule evaluated for every user of the filter (all of them: the columns need them). */
async function naiveMatrix(groupId: number | null, offset: number): Promise<MatrixView> {
  const everything = await loadEverything(db, projectId);
  const members = await db
    .selectFrom('users as u')
    .innerJoin('memberships as ms', 'ms.user_id', 'u.id')
    .select(['u.id', 'u.name'])
    .where('ms.project_id', '=', projectId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  const owners = new Map(
    (
      await db
        .selectFrom('identifiers')
        .select(['id', 'owner_id'])
        .where('project_id', '=', projectId)
        .where('owner_type', '=', 'owner')
        .execute()
    ).map((i) => [Number(i.id), Number(i.owner_id)]),
  );
  const users = members
    .map((m) => Number(m.id))
    .filter((id) => groupId === null || (everything.groupsOf.get(id) ?? []).includes(groupId));
  const page = new Set(users.slice(offset, offset + MATRIX_SIZE));
  const doorSet = new Set<string>();
  const cells = new Map<string, number[]>();
  for (const user of users) {
    const groupsOfUser = everything.groupsOf.get(user) ?? [];
    for (const rule of everything.rules) {
      const applies =
        rule.user_ids.includes(user) ||
        rule.group_ids.some((g) => groupsOfUser.includes(g)) ||
        rule.identifier_ids.some((i) => owners.get(i) === user);
      if (!applies) continue;
      for (const door of rule.doors) {
        const key = `${door.device_id}#${door.lock}`;
        doorSet.add(key);
        if (!page.has(user)) continue;
        const cell = cells.get(`${user} ${key}`) ?? [];
        cell.push(rule.id);
        cells.set(`${user} ${key}`, cell);
      }
    }
  }
  for (const list of cells.values()) list.sort((a, b) => a - b);
  return { doors: [...doorSet].sort(), cells };
}

const fastView = (answer: Awaited<ReturnType<typeof accessMatrixPage>>): MatrixView => ({
  doors: answer.data.doors.map((d) => `${d.device_id}#${d.lock_number}`).sort(),
  cells: new Map(
    answer.data.items.flatMap((row) =>
      row.cells.map((c) => [
        `${row.id} ${c.device_id}#${c.lock_number}`,
        c.rules.map((r) => r.id).sort((a, b) => a - b),
      ]),
    ),
  ),
});

const matrixAsks = Array.from({ length: MATRIX_PAGES }, (_, i) =>
  i % 2 === 0
    ? { groupId: null, page: 1 + pick(Math.ceil(USERS / MATRIX_SIZE)) }
    : { groupId: groups[pick(groups.length)] as number, page: 1 },
);
const matrixTimes = { all: [] as number[], group: [] as number[] };
let cellsSeen = 0;
for (const [i, ask] of matrixAsks.entries()) {
  const t0 = performance.now();
  const answer = await accessMatrixPage(db, auth, {
    page: ask.page,
    size: MATRIX_SIZE,
    ...(ask.groupId === null ? {} : { domain_id: ask.groupId }),
  });
  const took = performance.now() - t0;
  if (i >= 20) (ask.groupId === null ? matrixTimes.all : matrixTimes.group).push(took); // after a warm-up
  cellsSeen += answer.data.items.reduce((n, row) => n + row.cells.length, 0);
}
const naiveMatrixTimes: number[] = [];
for (const ask of matrixAsks.slice(0, 6)) {
  const t0 = performance.now();
  const naive = await naiveMatrix(ask.groupId, (ask.page - 1) * MATRIX_SIZE);
  naiveMatrixTimes.push(performance.now() - t0);
  const fast = fastView(
    await accessMatrixPage(db, auth, {
      page: ask.page,
      size: MATRIX_SIZE,
      ...(ask.groupId === null ? {} : { domain_id: ask.groupId }),
    }),
  );
  if (JSON.stringify(fast.doors) !== JSON.stringify(naive.doors)) throw new Error('matrix columns differ from naive');
  if (JSON.stringify([...fast.cells].sort()) !== JSON.stringify([...naive.cells].sort()))
    throw new Error('matrix cells differ from naive');
}
const both = [...matrixTimes.all, ...matrixTimes.group];
console.log(
  `\naccess matrix page (${MATRIX_SIZE} users × the doors they reach; ${MATRIX_PAGES} pages; goal p99 ≤ 50 ms); mean cells per page: ${Math.round(cellsSeen / MATRIX_PAGES)}`,
);
console.log('                    p50 ms    p90 ms    p99 ms   max ms');
const line = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(16)}${ms(quantile(xs, 0.5))} ${ms(quantile(xs, 0.9))} ${ms(quantile(xs, 0.99))} ${ms(Math.max(...xs))}`,
  );
line('gatehouse all', matrixTimes.all);
line('gatehouse group', matrixTimes.group);
line('gatehouse both', both);
console.log(
  `naive           ${ms(quantile(naiveMatrixTimes, 0.5))} ${ms(quantile(naiveMatrixTimes, 0.9))} ${ms(quantile(naiveMatrixTimes, 0.99))} ${ms(Math.max(...naiveMatrixTimes))}  (${naiveMatrixTimes.length} pages, same cells and columns)`,
);
await db.destroy();
