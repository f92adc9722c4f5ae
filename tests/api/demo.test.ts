import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { planEstate } from '../../server/db/seed/demo-estate';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/**
 * The demo residence (server/db/seed/demo-estate.ts): its promised shape, with
 * counts written by hand from the plan in that file's header, and the same rows
 * on every seed but for times and secrets.
 */
const TABLES = [
  'projects',
  'domain_types',
  'domains',
  'roles',
  'role_available_roles',
  'users',
  'memberships',
  'user_domains',
  'markers',
  'user_markers',
  'devices',
  'sip_numbers',
  'forward_rule_sets',
  'forward_groups',
  'sip_trunks',
  'sip_trunk_domains',
  'call_history',
  'conversations',
  'conversation_participants',
  'conversation_messages',
  'announces',
  'announce_users',
  'announce_domains',
  'announce_recipients',
  'amenities',
  'amenity_domains',
  'amenity_access_rules',
  'integrations',
] as const satisfies readonly (keyof Database)[];

/** Times differ from seed to seed; secrets (hashes, SIP passwords, tokens) are random on purpose. */
const varies = (column: string) => /(_at|^password|_hash|token|mqtt_password)$/.test(column) || column === 'password';

async function dump(db: Kysely<Database>) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    out[table] = rows
      .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !varies(column))))
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return out;
}

describe('the demo plan', () => {
  it('never generates a login that is reserved (the administrator’s may be any)', () => {
    const plain = planEstate('Riverside Residence', ['admin']);
    const first = plain.residents[0]!;
    expect(first.login).toBe('fatima.larsen');
    const clashing = planEstate('Riverside Residence', ['fatima.larsen']);
    expect(clashing.residents[0]!.login).toBe('fatima.larsen2');
    expect(clashing.residents.map((r) => r.name)).toEqual(plain.residents.map((r) => r.name));
  });
});

describe.each(dialects)('demo residence (%s)', (dialect) => {
  let t: TestApp;
  let again: TestApp;
  let residence: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    again = await buildTestApp(dialect);
    residence = (
      await t.db.selectFrom('projects').select('id').where('name', '=', 'Riverside Residence').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await again.close();
  });

  it('is the same on every seed, but for times and secrets', async () => {
    const [first, second] = [await dump(t.db), await dump(again.db)];
    for (const table of TABLES) expect(second[table], table).toEqual(first[table]);
  });

  it('has three buildings, five entrances, 21 floors, 45 units and three common areas', async () => {
    const rows = await t.db
      .selectFrom('domains as d')
      .innerJoin('domain_types as dt', 'dt.id', 'd.domain_type_id')
      .select(['dt.type', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('d.project_id', '=', residence)
      .groupBy('dt.type')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]))).toEqual({
      project: 1,
      building: 3,
      entrance: 5,
      floor: 21,
      unit: 45,
      area: 3,
    });
    const units = async (building: string) => {
      const row = await t.db
        .selectFrom('domains as u')
        .innerJoin('domains as b', (j) =>
          j.onRef('b.project_id', '=', 'u.project_id').onRef('u.lft', '>', 'b.lft').onRef('u.rgt', '<', 'b.rgt'),
        )
        .innerJoin('domain_types as dt', 'dt.id', 'u.domain_type_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('b.name', '=', building)
        .where('dt.type', '=', 'unit')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect([await units('Building A'), await units('Building B'), await units('Building C')]).toEqual([16, 20, 9]);
  });

  it('keeps the first demo’s groups: Unit 101, 102 and 201 in Building A, Rita alone in Unit 101', async () => {
    const path = async (name: string) =>
      (
        await t.db
          .selectFrom('domains as d')
          .innerJoin('domains as a', (j) =>
            j.onRef('a.project_id', '=', 'd.project_id').onRef('a.lft', '<', 'd.lft').onRef('a.rgt', '>', 'd.rgt'),
          )
          .select('a.name')
          .where('d.name', '=', name)
          .where('d.project_id', '=', residence)
          .orderBy('a.lft')
          .execute()
      ).map((r) => r.name);
    expect(await path('Unit 101')).toEqual(['Riverside Residence', 'Building A', 'Entrance 1', 'Floor 1']);
    expect(await path('Unit 102')).toEqual(['Riverside Residence', 'Building A', 'Entrance 1', 'Floor 1']);
    expect(await path('Unit 201')).toEqual(['Riverside Residence', 'Building A', 'Entrance 1', 'Floor 2']);
    const inUnit101 = await t.db
      .selectFrom('user_domains as ud')
      .innerJoin('domains as d', 'd.id', 'ud.domain_id')
      .innerJoin('users as u', 'u.id', 'ud.user_id')
      .select('u.login')
      .where('d.name', '=', 'Unit 101')
      .execute();
    expect(inUnit101).toEqual([{ login: 'resident' }]);
  });

  it('has 100 residents, 4 staff, 4 concierges and the administrator; 4 units stand empty', async () => {
    const rows = await t.db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select(['r.name', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('m.project_id', '=', residence)
      .groupBy('r.name')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]))).toEqual({
      admin: 1,
      staff: 4,
      concierge: 4,
      resident: 100,
    });
    const empty = await t.db
      .selectFrom('domains as d')
      .innerJoin('domain_types as dt', 'dt.id', 'd.domain_type_id')
      .select('d.id')
      .where('d.project_id', '=', residence)
      .where('dt.type', '=', 'unit')
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('user_domains as ud').select('ud.user_id').whereRef('ud.domain_id', '=', 'd.id')),
        ),
      )
      .execute();
    expect(empty).toHaveLength(4);
  });

  it('gives every resident and concierge a number, and every resident Owner or Tenant', async () => {
    const withoutNumber = await t.db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('sip_numbers as n', 'n.user_id', 'u.id')
      .select('u.login')
      .where('m.project_id', '=', residence)
      .where('r.name', 'in', ['resident', 'concierge'])
      .where('n.id', 'is', null)
      .execute();
    expect(withoutNumber).toEqual([]);
    // Named users 4, masters 3, door panels 6, concierges 2, residents 99.
    const numbers = await t.db.selectFrom('sip_numbers').select('id').where('project_id', '=', residence).execute();
    expect(numbers).toHaveLength(114);
    const markers = await t.db.selectFrom('markers').select('name').where('project_id', '=', residence).execute();
    expect(markers.map((m) => m.name).sort()).toEqual(
      ['Board member', 'Needs assistance', 'Owner', 'Parking space', 'Pet owner', 'Tenant'].sort(),
    );
    const tenure = await t.db
      .selectFrom('user_markers as um')
      .innerJoin('markers as mk', 'mk.id', 'um.marker_id')
      .select('um.user_id')
      .where('mk.name', 'in', ['Owner', 'Tenant'])
      .execute();
    // Every generated resident (99) exactly once; Rita Resident has no markers.
    expect(tenure).toHaveLength(99);
    expect(new Set(tenure.map((r) => r.user_id)).size).toBe(99);
  });

  it('has six door panels; the first demo’s Entrance panel (100200) is the first, as the simulator plays it', async () => {
    const panels = await t.db
      .selectFrom('sip_numbers as n')
      .innerJoin('devices as d', 'd.id', 'n.device_id')
      .select(['n.number', 'd.name'])
      .orderBy('n.id')
      .execute();
    expect(panels).toEqual([
      { number: '100200', name: 'Entrance panel' },
      { number: '312200', name: 'A2 entrance panel' },
      { number: '321200', name: 'B1 entrance panel' },
      { number: '322200', name: 'B2 entrance panel' },
      { number: '331200', name: 'C1 entrance panel' },
      { number: '300200', name: 'Parking gate panel' },
    ]);
  });

  it('has 13 conversations of two people with 43 messages in order', async () => {
    const conversations = await t.db.selectFrom('conversations').select('id').execute();
    expect(conversations).toHaveLength(13);
    const participants = await t.db.selectFrom('conversation_participants').select('conversation_id').execute();
    expect(participants).toHaveLength(26);
    const messages = await t.db
      .selectFrom('conversation_messages')
      .select(['conversation_id', 'created_at'])
      .orderBy('id')
      .execute();
    expect(messages).toHaveLength(43);
    for (const c of conversations) {
      const times = messages.filter((m) => m.conversation_id === c.id).map((m) => m.created_at);
      expect(times).toEqual([...times].sort());
      expect(new Set(times).size).toBe(times.length);
    }
  });

  it('has five announces, two of them polls answered by some of their recipients', async () => {
    const announces = await t.db
      .selectFrom('announces')
      .select(['id', 'name', 'type', 'status'])
      .orderBy('id')
      .execute();
    expect(announces.map((a) => [a.name, a.type, a.status])).toEqual([
      ['Water shut-off, Building B', 'info', 'stopped'],
      ['Fitness room opening hours', 'poll', 'stopped'],
      ['Courtyard renovation', 'poll', 'started'],
      ['Elevator maintenance, Entrance 2', 'info', 'started'],
      ['Summer barbecue', 'info', 'new'],
    ]);
    for (const poll of announces.filter((a) => a.type === 'poll')) {
      const recipients = await t.db
        .selectFrom('announce_recipients')
        .select(['answers', 'custom_answer', 'answered_at'])
        .where('announce_id', '=', poll.id)
        .execute();
      const answered = recipients.filter((r) => r.answered_at !== null);
      expect(answered.length, poll.name).toBeGreaterThan(5);
      expect(answered.length, poll.name).toBeLessThan(recipients.length);
    }
    const draft = announces.find((a) => a.status === 'new')!;
    expect(
      await t.db.selectFrom('announce_recipients').where('announce_id', '=', draft.id).select('id').execute(),
    ).toEqual([]);
  });

  it('has two weeks of calls before the first demo’s four of the day before, every outcome among them', async () => {
    const calls = await t.db
      .selectFrom('call_history')
      .select(['status', 'type', 'is_sos', 'started_at'])
      .where('project_id', '=', residence)
      .orderBy('id')
      .execute();
    // 14 days of 14 to 24 calls, plus the first demo's four.
    expect(calls.length).toBeGreaterThanOrEqual(14 * 14 + 4);
    expect(calls.length).toBeLessThanOrEqual(14 * 24 + 4);
    expect(new Set(calls.map((c) => c.status))).toEqual(new Set(['answered', 'cancel', 'busy', 'noanswer', 'failed']));
    expect(new Set(calls.map((c) => c.type))).toEqual(new Set(['normal', 'awaiting']));
    const firstFour = calls.slice(0, 4).map((c) => c.started_at);
    const older = calls.slice(4).map((c) => c.started_at);
    expect(older.every((at) => firstFour.every((newer) => at < newer))).toBe(true);
    const day = 86_400_000;
    expect(older.every((at) => Date.now() - Date.parse(at) < 16 * day)).toBe(true);
  });

  it('has a gym and a meeting room, with reservations in each status of §4', async () => {
    const amenities = await t.db
      .selectFrom('amenities')
      .select(['name', 'persons_max', 'slot_duration'])
      .where('project_id', '=', residence)
      .orderBy('name')
      .execute();
    expect(amenities).toEqual([
      { name: 'Gym', persons_max: 12, slot_duration: 3600 },
      { name: 'Meeting room', persons_max: 10, slot_duration: 1800 },
    ]);
    const statuses = await t.db
      .selectFrom('amenity_reservations')
      .select(['status', 'created_at'])
      .where('project_id', '=', residence)
      .execute();
    const seen = new Set(statuses.map((r) => r.status));
    for (const status of ['active', 'reserved', 'canceled', 'expired']) expect(seen, status).toContain(status);
    // Between two booked gym hours, unless seeded in the first or last hour of the day (UTC).
    const hour = new Date(statuses[0]!.created_at).getUTCHours();
    if (hour >= 1 && hour <= 22) expect(seen).toContain('inactive');
    // Live ones hold a QR that is not revoked; finished ones one that is.
    const qrs = await t.db
      .selectFrom('amenity_reservations as r')
      .innerJoin('identifiers as i', 'i.id', 'r.identifier_id')
      .select(['r.status', 'i.revoked_at'])
      .where('r.project_id', '=', residence)
      .execute();
    for (const q of qrs) expect(q.revoked_at === null, q.status).toBe(!['canceled', 'expired'].includes(q.status));
  });
});
