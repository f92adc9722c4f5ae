import * as v from 'valibot';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { idList } from '../ids';
import { ALL_PERMISSIONS } from '../permissions';
import { NAME_FORBIDDEN } from './profile';

/** Roles of section 6.1: a list of permission strings and the roles it may assign or edit. */
const ref = v.object({ id: v.number(), name: v.string() });

export const RoleSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  permissions: v.array(v.string()),
  available_roles: v.array(ref),
  /** The administrator's role: holds the whole catalogue and cannot be edited or deleted. */
  is_admin: v.boolean(),
  users_count: v.number(),
  created_by_user: v.nullable(ref),
});
export type Role = v.InferOutput<typeof RoleSchema>;

const fields = {
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1),
    v.maxLength(31),
    v.check((s) => !NAME_FORBIDDEN.test(s), 'name_rule'),
  ),
  description: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
  permissions: v.pipe(v.array(v.picklist(ALL_PERMISSIONS)), v.maxLength(ALL_PERMISSIONS.length)),
  available_roles: v.optional(idList(), []),
};
export const RoleCreateSchema = v.object(fields);
export const RolePatchSchema = v.partial(v.object(fields));

export const rolesEntity = defineEntity({
  name: 'roles',
  path: '/roles',
  access: {
    view: ['roles.view', 'roles.view_users', 'roles.view_all'],
    create: ['roles.create'],
    edit: ['roles.edit', 'roles.edit_available', 'roles.edit_all'],
    delete: ['roles.delete', 'roles.delete_available', 'roles.delete_all'],
  },
  item: RoleSchema,
  create: RoleCreateSchema,
  patch: RolePatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    description: { kind: 'text', filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});
export const RoleListSchema = listAnswer(RoleSchema);

/** DELETE /roles/{id}?gently=1 and POST /roles/delete-all?gently=1 answer: what went, and what is still in use. */
export const RoleDeleteAnswerSchema = v.object({
  data: v.object({
    deleted: v.array(v.number()),
    dependencies: v.array(v.object({ id: v.number(), name: v.string(), users_count: v.number() })),
  }),
});
