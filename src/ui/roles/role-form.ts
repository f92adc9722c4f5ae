import { type Role, RoleCreateSchema, RolePatchSchema } from '../../contract/entities/role';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

export interface RoleValues extends FormValues {
  name: string;
  description: string;
  permissions: string[];
  available_roles: ListRow[];
}

/** The role form (6.1): name, description, the permission strings and the roles it may assign. */
export const roleForm: EntityFormDefinition<RoleValues, Role> = {
  empty: () => ({ name: '', description: '', permissions: [], available_roles: [] }),
  fromItem: (role) => ({
    name: role.name,
    description: role.description ?? '',
    permissions: role.permissions,
    available_roles: role.available_roles,
  }),
  kinds: { name: 'requiredText', description: 'text', permissions: 'raw', available_roles: 'raw' },
  finish: (body) => ({ ...body, available_roles: (body.available_roles as ListRow[]).map((row) => row.id) }),
  schemas: { create: RoleCreateSchema, patch: RolePatchSchema },
  fieldOf: (path) => path.split('.')[0] ?? path,
  // The administrator's role holds everything by definition: shown, never edited.
  readOnlyItem: (role) => role.is_admin,
};
