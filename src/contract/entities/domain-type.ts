import * as v from 'valibot';
import { defineEntity } from '../entity';

/**
 * Domain (group) types of section 3: id, type, name, domain_id, domains.
 * `type` is a stable code; the built-in codes below drive the hierarchy rules
 * of 8.2 (docs/decisions.md, "Groups"). Custom types get their own code.
 */
export const BUILT_IN_DOMAIN_TYPES = ['project', 'building', 'entrance', 'floor', 'unit', 'area'] as const;
export type BuiltInDomainType = (typeof BUILT_IN_DOMAIN_TYPES)[number];

/**
 * The type whose groups carry no logical address: the spec's "type 5" (5, 7.9).
 * A common area (parking, gym, lobby) is not part of the building/entrance/floor/unit
 * address of a door panel, so its logic_address is always stored as null.
 */
export const ADDRESSLESS_DOMAIN_TYPE: BuiltInDomainType = 'area';

export function isBuiltInDomainType(code: string): code is BuiltInDomainType {
  return (BUILT_IN_DOMAIN_TYPES as readonly string[]).includes(code);
}

/** A domain type code: lower-case letters, digits and underscores, starting with a letter. */
export const DOMAIN_TYPE_CODE = /^[a-z][a-z0-9_]{0,31}$/;
export const DOMAIN_TYPE_NAME_MAX = 100;

/** A group as a domain type lists it. */
export const DomainTypeGroupSchema = v.object({ id: v.number(), name: v.string() });

export const DomainTypeSchema = v.object({
  id: v.number(),
  type: v.string(),
  name: v.string(),
  /** Null: usable in the whole project; set: only inside that group's subtree. */
  domain_id: v.nullable(v.number()),
  /** Groups of this type (in the caller's view); lists include it only with `with=domains`. */
  domains: v.optional(v.array(DomainTypeGroupSchema)),
  /** Built-in types can be renamed but not recoded or deleted. */
  is_built_in: v.boolean(),
});
export type DomainType = v.InferOutput<typeof DomainTypeSchema>;

/** The small form a group carries as its `type`. */
export const DomainTypeRefSchema = v.object({ id: v.number(), type: v.string(), name: v.string() });
export type DomainTypeRef = v.InferOutput<typeof DomainTypeRefSchema>;

const name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(DOMAIN_TYPE_NAME_MAX));
const code = v.pipe(v.string(), v.trim(), v.minLength(1), v.regex(DOMAIN_TYPE_CODE, 'invalid'));

export const DomainTypeCreateSchema = v.object({
  type: code,
  name,
  domain_id: v.optional(v.nullable(v.number()), null),
});
export type DomainTypeCreate = v.InferOutput<typeof DomainTypeCreateSchema>;

export const DomainTypePatchSchema = v.partial(v.object({ type: code, name, domain_id: v.nullable(v.number()) }));
export type DomainTypePatch = v.InferOutput<typeof DomainTypePatchSchema>;

/** /domain-types: viewed with system.view_domain_types (or by whoever may create or edit groups). */
export const domainTypesEntity = defineEntity({
  name: 'domain_types',
  path: '/domain-types',
  access: {
    view: [
      'system.view_domain_types',
      'domains.view_all',
      'domains.view_descendants',
      'domains.view_self',
      'domains.create_root',
      'domains.create_descendants',
    ],
    create: ['domains.edit_all'],
    edit: ['domains.edit_all'],
    delete: ['domains.edit_all'],
  },
  item: DomainTypeSchema,
  create: DomainTypeCreateSchema,
  patch: DomainTypePatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    type: { kind: 'text', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    domain_id: { kind: 'number', filterable: true },
  },
  search: ['name', 'type'],
  with: ['domains'],
  defaultSort: ['id'],
});
