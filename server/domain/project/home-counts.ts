import type { Kysely } from 'kysely';
import type { HomeCounts } from '../../../src/contract/entities/server-settings';
import { MENU } from '../../../src/contract/menu';
import { hasAnyPermission, type Permission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';

/** The permissions that open a list in the side menu: a count is shown exactly when its list is. */
function gateOf(path: string): readonly Permission[] {
  const entry = MENU.flatMap((c) => c.entries).find((e) => e.path === path);
  if (!entry) throw new Error(`menu entry ${path} is missing`);
  return entry.anyOf;
}

const GATES = { users: gateOf('/users'), roles: gateOf('/roles'), groups: gateOf('/groups') };

/**
 * The dashboard's counts in the caller's project. A count the caller may not
 * see is left out rather than zeroed, so the console can tell "none" from "not yours".
 * Counts are project-wide for now; scoped lists (own group, descendants) arrive
 * with the users, roles and groups issue, which will narrow these queries too.
 */
export async function homeCounts(db: Kysely<Database>, auth: Auth): Promise<HomeCounts> {
  const granted = auth.role.permissions;
  const counts: HomeCounts = { projects: await countProjects(db, auth.userId) };
  if (hasAnyPermission(granted, GATES.users)) {
    const row = await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('memberships.project_id', '=', auth.projectId)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    counts.users = Number(row.n);
  }
  if (hasAnyPermission(granted, GATES.roles)) {
    const row = await db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', auth.projectId)
      .executeTakeFirstOrThrow();
    counts.roles = Number(row.n);
  }
  if (hasAnyPermission(granted, GATES.groups)) {
    const row = await db
      .selectFrom('domains')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', auth.projectId)
      .executeTakeFirstOrThrow();
    counts.groups = Number(row.n);
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
