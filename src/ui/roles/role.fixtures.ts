import type { Role } from '../../contract/entities/role';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { roleForm } from './role-form';

export const sampleRoles: Role[] = [
  {
    id: 1,
    name: 'admin',
    description: 'Everything',
    permissions: [...ALL_PERMISSIONS],
    available_roles: [],
    is_admin: true,
    users_count: 1,
    created_by_user: null,
  },
  {
    id: 2,
    name: 'staff',
    description: 'Front desk and management',
    permissions: ['users.view', 'users.view_all', 'users.create', 'markers.view', 'markers.apply'],
    available_roles: [{ id: 4, name: 'resident' }],
    is_admin: false,
    users_count: 3,
    created_by_user: { id: 1, name: 'Alex Admin' },
  },
  {
    id: 4,
    name: 'resident',
    description: null,
    permissions: ['conversations.view', 'announces.view'],
    available_roles: [],
    is_admin: false,
    users_count: 40,
    created_by_user: null,
  },
];

const rows = sampleRoles as unknown as ListRow[];

/** Snapshots of the roles list and form for stories and tests. */
export const roleFixtures = {
  list: {
    ready: entityListSnapshot({ browsing: 'ready' }, { items: rows, total: 3, lastPage: 1, defaultSort: ['name'] }),
    /** A gentle delete kept a role that users still hold. */
    keptDependencies: entityListSnapshot(
      { browsing: 'ready' },
      {
        items: rows,
        total: 3,
        lastPage: 1,
        deleteResult: { deleted: 0, dependencies: [{ id: 4, name: 'resident', users_count: 40 }] },
      },
    ),
  },
  form: {
    editing: entityFormSnapshot(roleForm, 'editing', { item: sampleRoles[1]! }),
    admin: entityFormSnapshot(roleForm, 'editing', { item: sampleRoles[0]!, readOnly: true }),
  },
};
