import * as v from 'valibot';
import { ALL_PERMISSIONS, isPermission, type Permission } from '../../../src/contract/permissions';
import { readJson } from '../../db/json';

const PermissionListSchema = v.array(v.string());

/**
 * The permissions a role grants now. The administrator role always holds the
 * whole catalogue, so permissions added by a release reach administrators
 * without a data migration. Unknown strings (from an older release) are dropped.
 */
export function effectivePermissions(role: { is_admin: number; permissions: string }): Permission[] {
  if (role.is_admin === 1) return [...ALL_PERMISSIONS];
  return readJson(role.permissions, PermissionListSchema, []).filter(isPermission);
}
