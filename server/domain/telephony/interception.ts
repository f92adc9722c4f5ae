import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { InterceptionSettings, InterceptionUpdate } from '../../../src/contract/entities/interception';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidRelated } from '../errors';

/**
 * Call interception settings of one user in one project (3, 4, 7.6). The
 * groups a user may intercept are their own groups and the groups below them;
 * stored choices that fell outside (a group moved or deleted) are dropped on read.
 */
async function userGroups(db: Kysely<Database>, auth: Auth) {
  return db
    .selectFrom('domains as g')
    .select(['g.id', 'g.name'])
    .where('g.project_id', '=', auth.projectId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_domains as ud')
          .innerJoin('domains as m', 'm.id', 'ud.domain_id')
          .select('m.id')
          .where('ud.user_id', '=', auth.userId)
          .whereRef('g.lft', '>=', 'm.lft')
          .whereRef('g.rgt', '<=', 'm.rgt')
          .whereRef('m.project_id', '=', 'g.project_id'),
      ),
    )
    .orderBy('g.lft')
    .execute();
}

export async function readInterception(db: Kysely<Database>, auth: Auth): Promise<InterceptionSettings> {
  const [row, allowed] = await Promise.all([
    db
      .selectFrom('interception_settings')
      .select(['is_active', 'domains'])
      .where('user_id', '=', auth.userId)
      .where('project_id', '=', auth.projectId)
      .executeTakeFirst(),
    userGroups(db, auth),
  ]);
  const chosen = new Set(readJson(row?.domains ?? '[]', v.array(v.number()), []));
  const groups = allowed.filter((g) => chosen.has(g.id));
  return {
    // A setting whose groups all fell away is no longer active.
    isActive: row?.is_active === 1 && groups.length > 0,
    groups,
    userGroups: allowed,
  };
}

/** Saves the settings; every group must be one the user may intercept (`invalid related entity sent`: groups). */
export async function saveInterception(
  db: Kysely<Database>,
  auth: Auth,
  body: InterceptionUpdate,
): Promise<InterceptionSettings> {
  const allowed = new Set((await userGroups(db, auth)).map((g) => g.id));
  const groups = [...new Set(body.groups)];
  if (groups.some((id) => !allowed.has(id))) throw invalidRelated(['groups']);
  const values = { is_active: body.isActive ? 1 : 0, domains: JSON.stringify(groups), updated_at: nowIso() } as const;
  await db
    .insertInto('interception_settings')
    .values({ user_id: auth.userId, project_id: auth.projectId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet(values))
    .execute();
  return readInterception(db, auth);
}
