import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { generateSipPassword } from '../../domain/telephony/sip-number-generate';
import type { Database } from '../schema';
import { insertMany } from './builders';
import type { Estate } from './demo-estate';

type Trx = Transaction<Database>;

/**
 * The generated residence's telephony, after the first demo's (telephony.ts):
 * the master numbers of Buildings B and C, a door panel (device and number) at
 * every other entrance and at the parking gate, and a number for every
 * generated concierge and resident. Passwords and panel tokens are random.
 */
export async function insertEstateNumbers(
  trx: Trx,
  seed: {
    projectId: number;
    adminId: number;
    now: string;
    estate: Estate;
    groups: Record<string, number>;
    users: Record<string, number>;
  },
): Promise<void> {
  const { estate, now } = seed;
  const stamp = { created_by_user_id: seed.adminId, created_at: now, updated_at: now };
  const group = (name: string) => {
    const id = seed.groups[name];
    if (id === undefined) throw new Error(`demo: no group ${name}`);
    return id;
  };
  await insertMany(
    trx,
    'devices',
    estate.panels.map((p) => ({
      project_id: seed.projectId,
      name: p.name,
      type: 'panel',
      domain_id: group(p.group),
      token: randomBytes(24).toString('base64url'),
      ...stamp,
    })),
  );
  const devices = new Map(
    (
      await trx
        .selectFrom('devices')
        .select(['id', 'name'])
        .where('project_id', '=', seed.projectId)
        .where(
          'name',
          'in',
          estate.panels.map((p) => p.name),
        )
        .execute()
    ).map((d) => [d.name, d.id]),
  );
  const base = { project_id: seed.projectId, is_active: 1 as const, ...stamp };
  await insertMany(trx, 'sip_numbers', [
    ...estate.buildings.flatMap((b) =>
      b.master
        ? [
            {
              ...base,
              number: b.master,
              name: `${b.name} reception`,
              password: generateSipPassword(),
              domain_id: group(b.name),
              purpose: 'master_sip_number',
            },
          ]
        : [],
    ),
    ...estate.panels.map((p) => ({
      ...base,
      number: p.number,
      name: p.name,
      password: generateSipPassword(),
      device_id: devices.get(p.name)!,
    })),
    ...[...estate.concierges, ...estate.residents].flatMap((person) =>
      person.sipNumber
        ? [
            {
              ...base,
              number: person.sipNumber,
              name: person.name,
              password: generateSipPassword(),
              user_id: seed.users[person.login]!,
            },
          ]
        : [],
    ),
  ]);
}
