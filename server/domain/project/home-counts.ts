import { type Kysely, type SqlBool, sql } from 'kysely';
import { mayCall } from '../../../src/contract/call';
import type { HomeCounts } from '../../../src/contract/entities/server-settings';
import { CALLS } from '../../../src/contract/http';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { viewScope } from '../groups/access';
import { scopedRoles } from '../roles/roles';
import { scopedUsers } from '../users/users';

/**
 * The dashboard's counts in the caller's project, each exactly what the
 * caller's own list would total: the same call gates it (a count is shown
 * exactly when its list may be read) and the same scope narrows it. A count
 * the caller may not see is left out rather than zeroed, so the console can
 * tell "none" from "not yours".
 */
export async function homeCounts(db: Kysely<Database>, auth: Auth): Promise<HomeCounts> {
  const granted = auth.role.permissions;
  const counts: HomeCounts = { projects: await countProjects(db, auth.userId) };
  const total = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  if (mayCall(CALLS['GET /users/items'], granted)) {
    counts.users = total(
      await scopedUsers(db, auth)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    );
  }
  if (mayCall(CALLS['GET /roles/items'], granted)) {
    counts.roles = total(
      await scopedRoles(db, auth)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    );
  }
  if (mayCall(CALLS['GET /domains/items'], granted)) {
    counts.groups = total(
      await db
        .selectFrom('domains as d')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('d.project_id', '=', auth.projectId)
        .where(viewScope(auth, 'd') ?? sql<SqlBool>`1 = 0`)
        .executeTakeFirst(),
    );
  }
  return counts;
}

async function countProjects(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('projects', 'projects.id', 'memberships.project_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberships.user_id', '=', userId)
    .where('projects.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
