import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { FORWARD_DEFAULTS } from '../../../src/contract/constants';
import { nowIso } from '../../domain/clock';
import { generateSipPassword } from '../../domain/telephony/sip-number-generate';
import type { Database } from '../schema';
import { DEMO_SEED } from './demo-estate';
import { createPrng, uuidFrom } from './prng';

type Trx = Transaction<Database>;
type DemoLogin = 'staff' | 'concierge' | 'concierge2' | 'resident';

/** The demo residence's numbers (digits only; generated numbers continue after the highest). */
export const DEMO_NUMBERS = {
  staff: '100001',
  concierge: '100002',
  concierge2: '100003',
  resident: '100011',
  /** Building A's master number: calls to it wait on the server for a concierge. */
  master: '100100',
  /** The entrance door panel. */
  panel: '100200',
} as const;

export const DEMO_PANEL = { name: 'Entrance panel', group: 'Building A' } as const;

/**
 * Telephony of the demo residence (issue 5): a number for each demo user, the
 * master number of Building A, a door panel (a device with a token) with its
 * own number, a rule set ringing both concierges, a forward group using it on
 * the staff number, a trunk, and a few calls of the day before. Passwords and
 * the panel's token are random and never printed.
 */
export async function seedTelephony(
  trx: Trx,
  seed: {
    projectId: number;
    adminId: number;
    rootGroup: number;
    groups: Record<string, number>;
    users: Record<DemoLogin, number>;
  },
): Promise<void> {
  const now = nowIso();
  const stamp = { created_by_user_id: seed.adminId, created_at: now, updated_at: now };
  const building = seed.groups[DEMO_PANEL.group]!;

  const panel = await trx
    .insertInto('devices')
    .values({
      project_id: seed.projectId,
      name: DEMO_PANEL.name,
      type: 'panel',
      domain_id: building,
      token: randomBytes(24).toString('base64url'),
      ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const ruleSet = await trx
    .insertInto('forward_rule_sets')
    .values({
      project_id: seed.projectId,
      name: 'Concierge desk',
      params: JSON.stringify({
        numbers: [DEMO_NUMBERS.concierge, DEMO_NUMBERS.concierge2],
        timeout: FORWARD_DEFAULTS.ruleSetTimeout,
        days: [],
        period: null,
        trunk_numbers: [],
      }),
      ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const forwardGroup = await trx
    .insertInto('forward_groups')
    .values({
      project_id: seed.projectId,
      name: 'Unanswered to concierges',
      forward_rules: JSON.stringify([
        { type: 'redirect_if_no_answer', is_immediately: false, timeout: 30, forward_rule_set_ids: [ruleSet.id] },
        {
          type: 'redirect_if_error',
          enabled: true,
          timeout: FORWARD_DEFAULTS.errorTimeout,
          forward_rule_set_ids: [ruleSet.id],
        },
      ]),
      ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const number = (values: {
    number: string;
    name: string;
    user_id?: number;
    device_id?: number;
    domain_id?: number;
    purpose?: string;
    forward_mode?: string;
    forward_group_id?: number;
  }) =>
    trx
      .insertInto('sip_numbers')
      .values({ project_id: seed.projectId, password: generateSipPassword(), is_active: 1, ...values, ...stamp })
      .execute();
  await number({
    number: DEMO_NUMBERS.staff,
    name: 'Sam Staff',
    user_id: seed.users.staff,
    forward_mode: 'picked',
    forward_group_id: forwardGroup.id,
  });
  await number({ number: DEMO_NUMBERS.concierge, name: 'Cora Concierge', user_id: seed.users.concierge });
  await number({ number: DEMO_NUMBERS.concierge2, name: 'Cole Concierge', user_id: seed.users.concierge2 });
  await number({ number: DEMO_NUMBERS.resident, name: 'Rita Resident', user_id: seed.users.resident });
  await number({
    number: DEMO_NUMBERS.master,
    name: 'Building A reception',
    domain_id: building,
    purpose: 'master_sip_number',
  });
  await number({ number: DEMO_NUMBERS.panel, name: DEMO_PANEL.name, device_id: panel.id });

  await trx
    .insertInto('sip_trunks')
    .values({
      project_id: seed.projectId,
      name: 'City PSTN',
      outgoing_number: '+3716000000',
      termination_uri: 'sip:pstn.example.net:5060',
      login: 'riverside',
      password: randomBytes(12).toString('base64url'),
      ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((trunk) =>
      trx.insertInto('sip_trunk_domains').values({ sip_trunk_id: trunk.id, domain_id: seed.rootGroup }).execute(),
    );

  await seedCalls(trx, seed);
}

/** A few calls of the day before, so the history pages have something to show. */
async function seedCalls(trx: Trx, seed: { projectId: number; users: Record<DemoLogin, number> }) {
  const day = Date.now() - 86_400_000;
  const at = (minutes: number) => new Date(day + minutes * 60_000).toISOString();
  const calls = [
    {
      from: DEMO_NUMBERS.panel,
      to: DEMO_NUMBERS.master,
      answered_by: DEMO_NUMBERS.concierge,
      to_user: null,
      from_user: null,
      status: 'answered',
      type: 'awaiting',
      duration: 42,
      start: 0,
      sos: 0,
    },
    {
      from: DEMO_NUMBERS.resident,
      to: DEMO_NUMBERS.concierge,
      answered_by: DEMO_NUMBERS.concierge,
      from_user: seed.users.resident,
      to_user: seed.users.concierge,
      status: 'answered',
      type: 'normal',
      duration: 95,
      start: 30,
      sos: 0,
    },
    {
      from: DEMO_NUMBERS.concierge2,
      to: DEMO_NUMBERS.resident,
      answered_by: null,
      from_user: seed.users.concierge2,
      to_user: seed.users.resident,
      status: 'noanswer',
      type: 'normal',
      duration: 0,
      start: 65,
      sos: 0,
    },
    {
      from: DEMO_NUMBERS.panel,
      to: DEMO_NUMBERS.master,
      answered_by: DEMO_NUMBERS.concierge2,
      from_user: null,
      to_user: null,
      status: 'answered',
      type: 'awaiting',
      duration: 18,
      start: 120,
      sos: 1,
    },
  ];
  const rng = createPrng(DEMO_SEED + 2);
  await trx
    .insertInto('call_history')
    .values(
      calls.map((c) => ({
        project_id: seed.projectId,
        speech_id: uuidFrom(rng),
        from_number: c.from,
        to_number: c.to,
        from_user_id: c.from_user,
        to_user_id: c.to_user,
        answered_by: c.answered_by,
        status: c.status,
        type: c.type,
        is_sos: c.sos as 0 | 1,
        duration: c.duration,
        started_at: at(c.start),
        answered_at: c.answered_by ? at(c.start) : null,
        ended_at: new Date(day + c.start * 60_000 + c.duration * 1000).toISOString(),
        created_at: at(c.start),
      })),
    )
    .execute();
}
