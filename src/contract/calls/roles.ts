import * as v from 'valibot';
import { anyOf, defineCalls, IdParamsSchema } from '../call';
import { RoleDeleteAnswerSchema, rolesEntity } from '../entities/role';
import { entityCalls } from '../entity';
import { DeleteAllSchema } from '../filters';

/** `gently=1`: delete only roles nobody holds, and report the others with their users. */
const GentlyQuerySchema = v.object({ gently: v.optional(v.picklist(['0', '1', 'true', 'false'])) });

/** Roles (6.1, 7.3): the entity's calls; deletes answer what went and what is still in use. */
export const ROLE_CALLS = defineCalls({
  ...entityCalls(rolesEntity),
  'DELETE /roles/{id}': {
    access: anyOf(rolesEntity.access.delete),
    params: IdParamsSchema,
    object: { entity: 'roles', action: 'delete' },
    query: GentlyQuerySchema,
    response: RoleDeleteAnswerSchema,
  },
  'POST /roles/delete-all': {
    access: anyOf(rolesEntity.access.delete),
    query: GentlyQuerySchema,
    body: DeleteAllSchema,
    response: RoleDeleteAnswerSchema,
  },
});
