import * as v from 'valibot';
import { type AuditDeclaration, anyOf, envelope, IdParamsSchema, OkSchema, type PermissionAccess } from './call';
import type { LicensedFeatures } from './entities/server-settings';
import {
  CreatedSchema,
  DeleteAllSchema,
  DeletedSchema,
  type FilterRule,
  ListSearchSchema,
  listAnswer,
} from './filters';
import type { Permission } from './permissions';

/**
 * The contract of one administrable entity: its schemas, its list fields and
 * who may do what with it (6.2). `entityCalls(contract)` turns it into the
 * call declarations of its standard routes, which the server registers with
 * `registerEntityCalls` (server/http/plumbing/entity-routes.ts) and the
 * console's `entityList`, `entityForm` and picker machines talk to. Adding an
 * entity means writing one of these (plus the server's table/scope and the
 * console's columns and fields), not machinery.
 *
 * Routes (relative to /api/v0), each present when its permission set is:
 *   GET    {path}/items        view    list: page, size, sort, filters, match, with, after → listAnswer(listItem ?? item)
 *   GET    {path}/{id}         view    one item (unless `listOnly`)                  → { data: item }
 *   PUT    {path}              create  create (no id)                                → { data: newId }
 *   PATCH  {path}/{id}         edit    update                                        → { data: item }
 *   DELETE {path}/{id}         delete  delete                                        → { data: true }
 *   POST   {path}/delete-all   delete  { items } or { all, filters, match }          → { data: { deleted } }
 *   GET    {path}/export       export  the list's query, no paging (when exportable) → .xlsx
 */

/** Who may do what with an entity: any one permission of a list allows it (6.1). */
export interface EntityAccess {
  view: readonly Permission[];
  create?: readonly Permission[];
  edit?: readonly Permission[];
  delete?: readonly Permission[];
  /** Who may export (default: `view`). */
  export?: readonly Permission[];
  /** Features that must be licensed for every call of the entity. */
  licences?: readonly (keyof LicensedFeatures)[];
}

/** How a field can be filtered and sorted; decides the rules it accepts. */
export type FieldKind = 'text' | 'number' | 'date' | 'boolean' | 'enum' | 'relation';

export const RULES_BY_KIND: Record<FieldKind, readonly FilterRule[]> = {
  text: ['equals', 'not_equals', 'begins_with', 'contains', 'is'],
  number: ['equals', 'not_equals', 'above', 'below', 'equals_above', 'equals_below', 'is'],
  date: ['equals', 'not_equals', 'above', 'below', 'equals_above', 'equals_below', 'is'],
  boolean: ['equals', 'is'],
  enum: ['equals', 'not_equals', 'is'],
  relation: ['has', 'is'],
};

export interface EntityField {
  kind: FieldKind;
  /** Listed in `sort`. */
  sortable?: boolean;
  /** May appear in `filters` (with the rules of its kind). */
  filterable?: boolean;
}

/**
 * The pseudo-field of name search: `{ field: 'search', rule: 'contains', value }`
 * matches when any of the entity's `search` fields contains the value. It is
 * always AND-ed with the other filters, so a search narrows a filtered list.
 */
export const SEARCH_FIELD = 'search';

export interface EntityContract<
  Item extends v.GenericSchema = v.GenericSchema,
  Create extends v.GenericSchema = v.GenericSchema,
  Patch extends v.GenericSchema = v.GenericSchema,
> {
  /** Plural name: the permission family, the locale namespace and the realtime entity name. */
  name: string;
  /** Base path, e.g. `/users`. */
  path: string;
  item: Item;
  /**
   * A list row, when it is narrower than the item: the fields the list and pickers show
   * (docs/decisions.md, Lists). The full item comes from `GET {path}/{id}`.
   */
  listItem?: v.GenericSchema;
  create: Create;
  patch: Patch;
  fields: Record<string, EntityField>;
  /** Fields the name search covers (2.5: name; users also e-mail; …). */
  search: readonly string[];
  /** Related entities a list may include with `with`. */
  with: readonly string[];
  /** Default sort of lists. */
  defaultSort: readonly string[];
  /** The list can be exported to Excel (where section 6 grants export). */
  exportable?: boolean;
  /** Who may list, read, create, edit, delete and export (6.2). */
  access: EntityAccess;
  /** List-only entities (pickers of recipients and devices) have no `GET {path}/{id}`. */
  listOnly?: boolean;
  /** How its writes are audited, when not by the plumbing's defaults (src/contract/audit-plan.ts). */
  audit?: AuditDeclaration;
}

export function defineEntity<
  I extends v.GenericSchema,
  C extends v.GenericSchema,
  P extends v.GenericSchema,
  const A extends EntityAccess,
  const Path extends string,
>(contract: EntityContract<I, C, P> & { access: A; path: Path }): EntityContract<I, C, P> & { access: A; path: Path } {
  return contract;
}

export type EntityItem<R extends EntityContract> = v.InferOutput<R['item']>;
export type EntityListItem<R extends EntityContract> = v.InferOutput<ListItemOf<R>>;
export type EntityCreate<R extends EntityContract> = v.InferInput<R['create']>;
export type EntityPatch<R extends EntityContract> = v.InferInput<R['patch']>;

export const entityPaths = (contract: Pick<EntityContract, 'path'>) => ({
  items: `${contract.path}/items`,
  item: (id: number | string) => `${contract.path}/${id}`,
  create: contract.path,
  deleteAll: `${contract.path}/delete-all`,
  export: `${contract.path}/export`,
});

/** Whether a filter entry is allowed by the contract (the server answers 400 `wrong parameters` otherwise). */
export function isAllowedFilter(contract: EntityContract, field: string, rule: FilterRule): boolean {
  if (field === SEARCH_FIELD) return rule === 'contains' && contract.search.length > 0;
  const def = contract.fields[field];
  return !!def?.filterable && RULES_BY_KIND[def.kind].includes(rule);
}

export function isAllowedSort(contract: EntityContract, sort: string): boolean {
  return !!contract.fields[sort.replace(/^-/, '')]?.sortable;
}

const ObjectsDeletedSchema = DeletedSchema;

type Access<A extends EntityAccess, K extends keyof EntityAccess> = A[K] extends readonly Permission[]
  ? PermissionAccess
  : never;
type Present<A extends EntityAccess, K extends keyof EntityAccess, T> = A[K] extends readonly Permission[]
  ? T
  : unknown;

/** The schema of a list row: `listItem` when the entity has one, else the item. */
export type ListItemOf<E extends EntityContract> = E['listItem'] extends v.GenericSchema ? E['listItem'] : E['item'];

type ListCall<E extends EntityContract> = {
  access: PermissionAccess;
  query: typeof ListSearchSchema;
  response: ReturnType<typeof listAnswer<ListItemOf<E>>>;
};
type ItemCall<E extends EntityContract> = {
  access: PermissionAccess;
  params: typeof IdParamsSchema;
  object: { entity: string; action: 'view' };
  response: ReturnType<typeof envelope<E['item']>>;
};

/** The call declarations of an entity's standard routes, typed by its path and schemas. */
export type EntityCalls<E extends EntityContract & { path: string }> = {
  [K in `GET ${E['path']}/items`]: ListCall<E>;
} & (E['listOnly'] extends true ? unknown : { [K in `GET ${E['path']}/{id}`]: ItemCall<E> }) &
  Present<
    E['access'],
    'create',
    {
      [K in `PUT ${E['path']}`]: {
        access: Access<E['access'], 'create'>;
        body: E['create'];
        response: typeof CreatedSchema;
      };
    }
  > &
  Present<
    E['access'],
    'edit',
    {
      [K in `PATCH ${E['path']}/{id}`]: {
        access: Access<E['access'], 'edit'>;
        params: typeof IdParamsSchema;
        object: { entity: string; action: 'edit' };
        body: E['patch'];
        response: ReturnType<typeof envelope<E['item']>>;
      };
    }
  > &
  Present<
    E['access'],
    'delete',
    {
      [K in `DELETE ${E['path']}/{id}`]: {
        access: Access<E['access'], 'delete'>;
        params: typeof IdParamsSchema;
        object: { entity: string; action: 'delete' };
        response: typeof OkSchema;
      };
    } & {
      [K in `POST ${E['path']}/delete-all`]: {
        access: Access<E['access'], 'delete'>;
        body: typeof DeleteAllSchema;
        response: typeof ObjectsDeletedSchema;
      };
    }
  > &
  (E['exportable'] extends true
    ? {
        [K in `GET ${E['path']}/export`]: {
          access: PermissionAccess;
          query: typeof ListSearchSchema;
          file: 'xlsx';
          timeout: 'importExportBackup';
          response: v.BlobSchema<undefined>;
        };
      }
    : unknown);

/**
 * The declarations of an entity's standard calls (see the table at the top).
 * Areas spread them into their call table and may replace one with a call of
 * their own shape (roles answer deletes with the roles still in use).
 */
export function entityCalls<const E extends EntityContract & { path: string }>(entity: E): EntityCalls<E> {
  const { path, access } = entity;
  const licensed = (permissions: readonly Permission[]) => anyOf(permissions, access.licences);
  const object = (action: 'view' | 'edit' | 'delete') => ({ entity: entity.name, action });
  const audited = entity.audit === undefined ? {} : { audit: entity.audit };
  const calls: Record<string, unknown> = {
    [`GET ${path}/items`]: {
      access: licensed(access.view),
      query: ListSearchSchema,
      response: listAnswer(entity.listItem ?? entity.item),
    },
  };
  if (!entity.listOnly) {
    calls[`GET ${path}/{id}`] = {
      access: licensed(access.view),
      params: IdParamsSchema,
      object: object('view'),
      response: envelope(entity.item),
    };
  }
  if (access.create) {
    calls[`PUT ${path}`] = {
      access: licensed(access.create),
      body: entity.create,
      response: CreatedSchema,
      ...audited,
    };
  }
  if (access.edit) {
    calls[`PATCH ${path}/{id}`] = {
      access: licensed(access.edit),
      params: IdParamsSchema,
      object: object('edit'),
      body: entity.patch,
      response: envelope(entity.item),
      ...audited,
    };
  }
  if (access.delete) {
    calls[`DELETE ${path}/{id}`] = {
      access: licensed(access.delete),
      params: IdParamsSchema,
      object: object('delete'),
      response: OkSchema,
      ...audited,
    };
    calls[`POST ${path}/delete-all`] = {
      access: licensed(access.delete),
      body: DeleteAllSchema,
      response: ObjectsDeletedSchema,
      ...audited,
    };
  }
  if (entity.exportable) {
    calls[`GET ${path}/export`] = {
      access: licensed(access.export ?? access.view),
      query: ListSearchSchema,
      file: 'xlsx',
      timeout: 'importExportBackup',
      response: v.blob(),
    };
  }
  return calls as EntityCalls<E>;
}
