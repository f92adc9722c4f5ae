import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { insertMany } from './builders';
import { DEMO_MARKERS, type EstatePerson } from './demo-estate';

type Trx = Transaction<Database>;

/** ISO time `days` (may be fractional) before `now`. */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/**
 * Stores the generated people of the residence with multi-row inserts: users
 * (all with the one demo password hash, computed once by the caller),
 * memberships with their role, their group, and their markers. Answers user
 * ids by login.
 */
export async function insertEstatePeople(
  trx: Trx,
  seed: {
    projectId: number;
    adminId: number;
    now: Date;
    passwordHash: string;
    groups: Record<string, number>;
    people: { person: EstatePerson; roleId: number }[];
  },
): Promise<Record<string, number>> {
  const { now, people } = seed;
  await insertMany(
    trx,
    'users',
    people.map(({ person }) => {
      const joined = daysBefore(now, person.joinedDaysAgo);
      return {
        login: person.login,
        password_hash: seed.passwordHash,
        name: person.name,
        firstname: person.firstname,
        lastname: person.lastname,
        email: person.email,
        phone: person.phone,
        description: person.description,
        avatar_url: null,
        profile_phone: person.phone,
        profile_address: null,
        country_code: null,
        sip_number_id: null,
        activated_at: joined,
        created_by_user_id: seed.adminId,
        created_at: joined,
        updated_at: joined,
        deleted_at: null,
      };
    }),
  );
  const logins = people.map(({ person }) => person.login);
  const ids: Record<string, number> = {};
  for (const row of await trx.selectFrom('users').select(['id', 'login']).where('login', 'in', logins).execute()) {
    ids[row.login] = row.id;
  }
  const idOf = (p: EstatePerson) => ids[p.login]!;
  const groupOf = (p: EstatePerson) => {
    const id = seed.groups[p.group];
    if (id === undefined) throw new Error(`demo: no group ${p.group}`);
    return id;
  };
  await insertMany(
    trx,
    'memberships',
    people.map(({ person, roleId }) => ({
      user_id: idOf(person),
      project_id: seed.projectId,
      role_id: roleId,
      created_at: daysBefore(now, person.joinedDaysAgo),
    })),
  );
  await insertMany(
    trx,
    'user_domains',
    people.map(({ person }) => ({ user_id: idOf(person), domain_id: groupOf(person) })),
  );

  const stamp = now.toISOString();
  await insertMany(
    trx,
    'markers',
    DEMO_MARKERS.map((m) => ({
      project_id: seed.projectId,
      name: m.name,
      color: m.color,
      description: m.description,
      created_by_user_id: seed.adminId,
      created_at: stamp,
      updated_at: stamp,
    })),
  );
  const markerIds = new Map(
    (await trx.selectFrom('markers').select(['id', 'name']).where('project_id', '=', seed.projectId).execute()).map(
      (m) => [m.name, m.id],
    ),
  );
  await insertMany(
    trx,
    'user_markers',
    people.flatMap(({ person }) =>
      person.markers.map((name) => ({ user_id: idOf(person), marker_id: markerIds.get(name)! })),
    ),
  );
  return ids;
}
