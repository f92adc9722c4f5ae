import type { Kysely } from 'kysely';
import type { Permission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { AccessClaims } from './access-tokens';
import { effectivePermissions } from './effective-permissions';

/** Who is calling: attached to the request by the auth hook. */
export interface Auth {
  userId: number;
  projectId: number;
  projectName: string;
  /** The login session (refresh family) the access token belongs to. */
  familyId: string;
  role: { id: number; name: string; isAdmin: boolean; permissions: Permission[] };
}

/**
 * Loads the caller of a verified token, in one query, on every request: a
 * changed role, a removed membership, a deleted user or an ended session
 * (revoked refresh family) takes effect on the very next call.
 */
export async function loadAuth(db: Kysely<Database>, claims: AccessClaims): Promise<Auth | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('memberships', (j) =>
      j.onRef('memberships.user_id', '=', 'users.id').on('memberships.project_id', '=', claims.projectId),
    )
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .innerJoin('projects', 'projects.id', 'memberships.project_id')
    .select([
      'users.id as user_id',
      'projects.id as project_id',
      'projects.name as project_name',
      'roles.id as role_id',
      'roles.name as role_name',
      'roles.is_admin',
      'roles.permissions',
    ])
    .where('users.id', '=', claims.userId)
    .where('users.deleted_at', 'is', null)
    .where('projects.deleted_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .where('refresh_tokens.family_id', '=', claims.familyId)
          .whereRef('refresh_tokens.user_id', '=', 'users.id')
          .where('refresh_tokens.revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    projectId: row.project_id,
    projectName: row.project_name,
    familyId: claims.familyId,
    role: {
      id: row.role_id,
      name: row.role_name,
      isAdmin: row.is_admin === 1,
      permissions: effectivePermissions(row),
    },
  };
}
