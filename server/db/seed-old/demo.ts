import type { Transaction } from 'kysely';
import { ALL_FEATURES, NO_FEATURES } from '../../domain/project/features';
import type { Database } from '../schema';
import {
  addMember,
  insertAvailableRoles,
  insertDomainTree,
  insertDomainTypes,
  insertProject,
  insertRole,
  insertUser,
} from './builders';
import { DOMAIN_TYPES } from './domain-types';
import { AVAILABLE_ROLES, ROLE_DESCRIPTIONS, ROLE_PRESETS, type RolePresetName } from './roles';
import { seedTelephony } from './telephony';

/** The demo users besides the administrator, with the role each holds in the first project. */
export const DEMO_USERS = [
  {
    login: 'staff',
    role: 'staff',
    name: 'Sam Staff',
    firstname: 'Sam',
    lastname: 'Staff',
    group: 'Riverside Residence',
  },
  {
    login: 'concierge',
    role: 'concierge',
    name: 'Cora Concierge',
    firstname: 'Cora',
    lastname: 'Concierge',
    group: 'Riverside Residence',
  },
  {
    // A second concierge: awaiting calls are offered to every concierge, and one answers (issue 5).
    login: 'concierge2',
    role: 'concierge',
    name: 'Cole Concierge',
    firstname: 'Cole',
    lastname: 'Concierge',
    group: 'Riverside Residence',
  },
  {
    login: 'resident',
    role: 'resident',
    name: 'Rita Resident',
    firstname: 'Rita',
    lastname: 'Resident',
    group: 'Unit 101',
  },
] as const satisfies readonly {
  login: string;
  role: RolePresetName;
  name: string;
  firstname: string;
  lastname: string;
  group: string;
}[];

export const DEMO_PROJECTS = { residence: 'Riverside Residence', office: 'Harbour Office' } as const;

/**
 * Demo content: a residence with a building and three units, four roles and
 * users holding them (two concierges), with telephony (numbers, a door panel,
 * forwarding, a trunk, some call history); and an office project where only the administrator is a
 * member, so the administrator's login offers a choice of two projects.
 */
export async function seedDemo(
  trx: Transaction<Database>,
  adminId: number,
  demoHashes: Record<(typeof DEMO_USERS)[number]['login'], string>,
): Promise<void> {
  const residence = await insertProject(trx, DEMO_PROJECTS.residence, ALL_FEATURES);
  const residenceTypes = await insertDomainTypes(trx, residence, DOMAIN_TYPES);
  const groups = await insertDomainTree(
    trx,
    residence,
    residenceTypes,
    {
      value: { name: DEMO_PROJECTS.residence, type: 'project' },
      children: [
        {
          value: { name: 'Building A', type: 'building', logic_address: '1' },
          children: [
            { value: { name: 'Unit 101', type: 'unit', logic_address: '101' } },
            { value: { name: 'Unit 102', type: 'unit', logic_address: '102' } },
            { value: { name: 'Unit 201', type: 'unit', logic_address: '201' } },
          ],
        },
      ],
    },
    adminId,
  );

  const roleIds = {} as Record<RolePresetName, number>;
  for (const name of Object.keys(ROLE_PRESETS) as RolePresetName[]) {
    roleIds[name] = await insertRole(trx, {
      projectId: residence,
      name,
      description: ROLE_DESCRIPTIONS[name],
      permissions: ROLE_PRESETS[name],
      isAdmin: name === 'admin',
    });
  }
  for (const name of Object.keys(AVAILABLE_ROLES) as RolePresetName[]) {
    await insertAvailableRoles(
      trx,
      roleIds[name],
      AVAILABLE_ROLES[name].map((n) => roleIds[n]),
    );
  }

  const residenceRoot = groups[DEMO_PROJECTS.residence]!;
  await addMember(trx, { userId: adminId, projectId: residence, roleId: roleIds.admin, domainIds: [residenceRoot] });
  const userIds = {} as Record<(typeof DEMO_USERS)[number]['login'], number>;
  for (const user of DEMO_USERS) {
    const userId = await insertUser(trx, {
      login: user.login,
      passwordHash: demoHashes[user.login],
      name: user.name,
      firstname: user.firstname,
      lastname: user.lastname,
      email: `${user.login}@example.com`,
    });
    userIds[user.login] = userId;
    await addMember(trx, {
      userId,
      projectId: residence,
      roleId: roleIds[user.role],
      domainIds: [groups[user.group]!],
    });
  }

  await seedTelephony(trx, { projectId: residence, adminId, rootGroup: residenceRoot, groups, users: userIds });

  const office = await insertProject(trx, DEMO_PROJECTS.office, { ...NO_FEATURES, mobile_app: true });
  const officeTypes = await insertDomainTypes(trx, office, DOMAIN_TYPES);
  const officeGroups = await insertDomainTree(
    trx,
    office,
    officeTypes,
    { value: { name: DEMO_PROJECTS.office, type: 'project' } },
    adminId,
  );
  const officeAdmin = await insertRole(trx, {
    projectId: office,
    name: 'admin',
    description: ROLE_DESCRIPTIONS.admin,
    permissions: ROLE_PRESETS.admin,
    isAdmin: true,
  });
  await insertAvailableRoles(trx, officeAdmin, [officeAdmin]);
  await addMember(trx, {
    userId: adminId,
    projectId: office,
    roleId: officeAdmin,
    domainIds: [officeGroups[DEMO_PROJECTS.office]!],
  });
}
