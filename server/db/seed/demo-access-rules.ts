import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { DEMO_DEVICES, DEMO_ELEVATOR } from './demo-devices';

/**
 * The demo's access rules (issue 12) on the demo doors: the residents of Building A through
 * the entrance and the main door, and the lift to their floors; the staff and concierges
 * through every door and to every floor; the cleaning company through the common doors, with
 * a prohibition that keeps it out of the bike room whatever else grants. Schedules and the
 * cleaning company's cards are linked by their own seeds.
 */
type Door = [device: (typeof DEMO_DEVICES)[number]['name'], lock: number];

interface RuleSeed {
  name: string;
  description: string;
  doors: Door[];
  groups?: string[];
  users?: string[];
  prohibition?: boolean;
  shareable?: boolean;
}

export const DEMO_ACCESS_RULES: readonly RuleSeed[] = [
  {
    name: 'Residents — Building A',
    description: 'The entrance and the main door for the people of Building A and its flats.',
    doors: [
      ['Entrance panel', 1],
      ['Main door controller', 1],
    ],
    groups: ['Building A'],
  },
  {
    name: 'Staff — all doors',
    description: 'Staff and concierges open every door of the residence.',
    doors: [
      ['Entrance panel', 1],
      ['Entrance panel', 2],
      ['Main door controller', 1],
      ['Main door controller', 2],
      ['Bike room controller', 1],
    ],
    users: ['staff', 'concierge', 'concierge2'],
    shareable: false,
  },
  {
    name: 'Cleaning company — common areas',
    description: 'The cleaners’ cards open the entrance and the main door.',
    doors: [
      ['Entrance panel', 1],
      ['Main door controller', 1],
    ],
    shareable: false,
  },
  {
    name: 'Cleaning company — no bike room',
    description: 'A prohibition: the cleaners’ cards never open the bike room, whatever else grants.',
    doors: [['Bike room controller', 1]],
    prohibition: true,
    shareable: false,
  },
];

/** Elevator access rules of the demo lift (floors of its floor map). */
export const DEMO_ELEVATOR_RULES = [
  { name: 'Residents — Building A lift', users: ['resident'], floors: [1, 2, 3, 4] },
  { name: 'Staff — every floor', users: ['staff', 'concierge', 'concierge2'], floors: [1, 2, 3, 4] },
] as const;

export async function seedDemoAccessRules(
  trx: Transaction<Database>,
  seed: {
    projectId: number;
    adminId: number;
    groups: Record<string, number>;
    users: Record<string, number>;
    now: string;
  },
): Promise<void> {
  const devices = new Map(
    (
      await trx
        .selectFrom('devices')
        .select(['id', 'name'])
        .where('project_id', '=', seed.projectId)
        .where(
          'name',
          'in',
          DEMO_DEVICES.map((d) => d.name),
        )
        .execute()
    ).map((d) => [d.name, d.id]),
  );
  const stamp = { created_by_user_id: seed.adminId, created_at: seed.now, updated_at: seed.now };
  for (const rule of DEMO_ACCESS_RULES) {
    const { id } = await trx
      .insertInto('access_rules')
      .values({
        project_id: seed.projectId,
        name: rule.name,
        description: rule.description,
        prohibition: rule.prohibition ? 1 : 0,
        is_shareable: rule.shareable === false ? 0 : 1,
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('access_rule_devices')
      .values(
        rule.doors.map(([name, lock]) => ({ access_rule_id: id, device_id: devices.get(name)!, lock_number: lock })),
      )
      .execute();
    if (rule.groups?.length) {
      await trx
        .insertInto('access_rule_domains')
        .values(rule.groups.map((g) => ({ access_rule_id: id, domain_id: seed.groups[g]! })))
        .execute();
    }
    if (rule.users?.length) {
      await trx
        .insertInto('access_rule_users')
        .values(rule.users.map((u) => ({ access_rule_id: id, user_id: seed.users[u]! })))
        .execute();
    }
  }
  const elevator = await trx
    .selectFrom('elevators')
    .select('id')
    .where('project_id', '=', seed.projectId)
    .where('name', '=', DEMO_ELEVATOR)
    .executeTakeFirstOrThrow();
  for (const rule of DEMO_ELEVATOR_RULES) {
    const { id } = await trx
      .insertInto('elevator_access_rules')
      .values({ project_id: seed.projectId, name: rule.name, description: null, ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('elevator_access_rule_users')
      .values(rule.users.map((u) => ({ rule_id: id, user_id: seed.users[u]! })))
      .execute();
    await trx
      .insertInto('elevator_access_rule_floors')
      .values(rule.floors.map((floor) => ({ rule_id: id, elevator_id: elevator.id, floor })))
      .execute();
  }
}
