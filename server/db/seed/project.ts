import type { Transaction } from 'kysely';
import type { LicensedFeatures } from '../../../src/contract/entities/server-settings';
import type { Database } from '../schema';
import {
  addMember,
  insertAvailableRoles,
  insertDomainTree,
  insertDomainTypes,
  insertProject,
  insertRole,
} from './builders';
import { DOMAIN_TYPES } from './domain-types';
import { ROLE_DESCRIPTIONS, ROLE_PRESETS } from './roles';

/**
 * A new project with its group types, a root group of the same name, an
 * administrator role and `adminId` as its administrator: what a first start
 * without demo content and a confirmed self-registration both create.
 */
export async function createProjectWithAdmin(
  trx: Transaction<Database>,
  name: string,
  adminId: number,
  features: LicensedFeatures,
): Promise<{ projectId: number; rootGroupId: number }> {
  const projectId = await insertProject(trx, name, features);
  const types = await insertDomainTypes(trx, projectId, DOMAIN_TYPES);
  const groups = await insertDomainTree(trx, projectId, types, { value: { name, type: 'project' } }, adminId);
  const roleId = await insertRole(trx, {
    projectId,
    name: 'admin',
    description: ROLE_DESCRIPTIONS.admin,
    permissions: ROLE_PRESETS.admin,
    isAdmin: true,
  });
  await insertAvailableRoles(trx, roleId, [roleId]);
  const rootGroupId = groups[name]!;
  await addMember(trx, { userId: adminId, projectId, roleId, domainIds: [rootGroupId] });
  return { projectId, rootGroupId };
}
