import { type Group, GroupCreateSchema, GroupPatchSchema } from '../../contract/entities/group';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** The group dialog edits the tree place (parent), the type and the address of a group. */
export interface GroupValues extends FormValues {
  name: string;
  description: string;
  parent: ListRow | null;
  domain_type: ListRow | null;
  logic_address: string;
}

/** Group add/edit (section 3, 7.9: a blank logic address is sent as null; the server nulls it for type 5). */
export const groupForm: EntityFormDefinition<GroupValues, Group> = {
  empty: () => ({ name: '', description: '', parent: null, domain_type: null, logic_address: '' }),
  fromItem: (group) => ({
    name: group.name,
    description: group.description ?? '',
    parent: group.parent ?? (group.parent_id ? { id: group.parent_id, name: `#${group.parent_id}` } : null),
    domain_type: group.type ? { id: group.type.id, name: group.type.name, type: group.type.type } : null,
    logic_address: group.logic_address ?? '',
  }),
  kinds: { name: 'requiredText', description: 'text', parent: 'raw', domain_type: 'raw', logic_address: 'text' },
  finish: (body) => {
    const { parent, domain_type, ...rest } = body;
    return {
      ...rest,
      parent_id: (parent as ListRow | null)?.id ?? null,
      domain_type_id: (domain_type as ListRow | null)?.id,
    };
  },
  schemas: { create: GroupCreateSchema, patch: GroupPatchSchema },
  check: (values): Record<string, FieldError> => (values.domain_type ? {} : { domain_type: { code: 'required' } }),
  fieldOf: (path) => {
    const [first] = path.split('.');
    if (first === 'parent_id') return 'parent';
    if (first === 'domain_type_id') return 'domain_type';
    return first ?? path;
  },
};
