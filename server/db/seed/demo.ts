import type { Transaction } from 'kysely';
import type { TreeNode } from '../../domain/groups/nested-set';
import { NO_FEATURES } from '../../domain/project/features';
import type { Database } from '../schema';
import {
  addMember,
  type DomainSeed,
  insertAvailableRoles,
  insertDomainForest,
  insertDomainTree,
  insertDomainTypes,
  insertProject,
  insertRole,
  insertUser,
} from './builders';
import { seedDemoAccessRules } from './demo-access-rules';
import { seedActivity } from './demo-activity';
import { seedDemoAmenities } from './demo-amenities';
import { seedDemoDevices } from './demo-devices';
import { type Estate, planEstate } from './demo-estate';
import { seedDemoIdentifiers } from './demo-identifiers';
import { seedDemoIntegrations } from './demo-integrations';
import {
  buildingLicences,
  installDemoLicences,
  installGroupLicences,
  officeLicences,
  residenceLicences,
} from './demo-licences';
import { insertEstateNumbers } from './demo-numbers';
import { insertEstatePeople } from './demo-people';
import { seedDemoSchedules } from './demo-schedules';
import { DOMAIN_TYPES } from './domain-types';
import { AVAILABLE_ROLES, ROLE_DESCRIPTIONS, ROLE_PRESETS, type RolePresetName } from './roles';
import { DEMO_NUMBERS, DEMO_PANEL, seedTelephony } from './telephony';

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
 * Demo content: the residence of demo-estate.ts (three buildings with entrances,
 * floors and 45 units, common areas, 100 residents with numbers and markers,
 * staff and concierges), four roles and the named demo users holding them, with
 * telephony (numbers, door panels, forwarding, a trunk), conversations,
 * announces with poll answers and two weeks of calls; and an office project
 * where only the administrator is a member, so the administrator's login offers
 * a choice of two projects. Everything but secrets and times comes from a
 * fixed seed; every demo user has the one demo password (`demoHash`, hashed
 * once by the caller).
 */
export async function seedDemo(
  trx: Transaction<Database>,
  admin: { id: number; login: string },
  demoHash: string,
  options: { size?: 'full' | 'small'; now?: Date; instanceId: string },
): Promise<void> {
  const adminId = admin.id;
  const now = options.now ?? new Date();
  const full = (options.size ?? 'full') === 'full';
  const stamp = now.toISOString();
  const estate = full ? planEstate(DEMO_PROJECTS.residence, [admin.login, ...DEMO_USERS.map((u) => u.login)]) : null;
  // Features come from the licences installed below; until then, none.
  const residence = await insertProject(trx, DEMO_PROJECTS.residence, NO_FEATURES);
  const residenceTypes = await insertDomainTypes(trx, residence, DOMAIN_TYPES);
  const { byName: groups, byPath: groupPaths } = await insertDomainForest(
    trx,
    residence,
    residenceTypes,
    estate?.tree ?? SMALL_TREE,
    adminId,
    stamp,
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
      passwordHash: demoHash,
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
  await seedDemoDevices(trx, { projectId: residence, adminId, group: groups[DEMO_PANEL.group]!, now: stamp });
  await seedDemoIntegrations(trx, { projectId: residence, adminId, now: stamp });
  await seedDemoAccessRules(trx, { projectId: residence, adminId, groups, users: userIds, now: stamp });
  await seedDemoSchedules(trx, { projectId: residence, adminId, now: stamp });
  await seedDemoIdentifiers(trx, { projectId: residence, adminId, users: userIds, now: stamp });
  await seedDemoAmenities(trx, {
    projectId: residence,
    adminId,
    groups,
    users: userIds,
    root: DEMO_PROJECTS.residence,
    now,
  });
  if (estate)
    await seedEstate(trx, { residence, adminId, admin, now, estate, groups, groupPaths, roleIds, userIds, demoHash });
  await installDemoLicences(trx, {
    projectId: residence,
    adminId,
    now,
    licences: residenceLicences(options.instanceId, now),
  });
  await installGroupLicences(trx, { projectId: residence, now, groups, licences: buildingLicences(now) });
  await seedOffice(trx, adminId, options.instanceId, now);
}

/** The first demo's residence: Building A with Units 101, 102 and 201 (GATEHOUSE_DEMO_SIZE=small). */
const SMALL_TREE: TreeNode<DomainSeed> = {
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
};

/** The generated people, their numbers and what happened before the seed. */
async function seedEstate(
  trx: Transaction<Database>,
  seed: {
    residence: number;
    adminId: number;
    admin: { login: string };
    now: Date;
    estate: Estate;
    groups: Record<string, number>;
    groupPaths: Record<string, number>;
    roleIds: Record<RolePresetName, number>;
    userIds: Record<string, number>;
    demoHash: string;
  },
): Promise<void> {
  const { residence, adminId, admin, now, estate, groups, groupPaths, roleIds, userIds, demoHash } = seed;
  const stamp = now.toISOString();

  const generated = await insertEstatePeople(trx, {
    projectId: residence,
    adminId,
    now,
    passwordHash: demoHash,
    groups,
    people: [
      ...estate.staff.map((person) => ({ person, roleId: roleIds.staff })),
      ...estate.concierges.map((person) => ({ person, roleId: roleIds.concierge })),
      ...estate.residents.map((person) => ({ person, roleId: roleIds.resident })),
    ],
  });
  const users = { ...generated, ...userIds, [admin.login]: adminId };
  await insertEstateNumbers(trx, { projectId: residence, adminId, now: stamp, estate, groups, users });
  await seedActivity(trx, {
    projectId: residence,
    adminId,
    now,
    estate,
    users,
    groupPaths,
    root: DEMO_PROJECTS.residence,
    numbers: {
      staff: DEMO_NUMBERS.staff,
      concierge: DEMO_NUMBERS.concierge,
      concierge2: DEMO_NUMBERS.concierge2,
      masterA: DEMO_NUMBERS.master,
      panelA: DEMO_NUMBERS.panel,
    },
  });
}

async function seedOffice(trx: Transaction<Database>, adminId: number, instanceId: string, now: Date): Promise<void> {
  const office = await insertProject(trx, DEMO_PROJECTS.office, NO_FEATURES);
  await installDemoLicences(trx, { projectId: office, adminId, now, licences: officeLicences(instanceId, now) });
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
