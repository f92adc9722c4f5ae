import type * as v from 'valibot';
import type { FilterRule } from './filters';

/**
 * The contract of one administrable entity: what the server's `defineResource`
 * builds its routes from, and what the console's `entityList`, `entityForm` and
 * picker machines talk to. Adding an entity means writing one of these (plus
 * the server's table/scope and the console's columns and fields), not machinery.
 *
 * Routes (relative to /api/v0):
 *   GET    {path}/items        list: page, size, sort, filters, match, with  → listAnswer(item)
 *   GET    {path}/{id}         one item                                      → { data: item }
 *   PUT    {path}              create (no id)                                → { data: newId }
 *   PATCH  {path}/{id}         update                                        → { data: item }
 *   DELETE {path}/{id}         delete                                        → { data: true }
 *   POST   {path}/delete-all   { items } or { all, filters, match }          → { data: { deleted } }
 *   GET    {path}/export       the list's query, no paging                   → .xlsx (only when `exportable`)
 */

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

export interface ResourceField {
  kind: FieldKind;
  /** Listed in `sort`. */
  sortable?: boolean;
  /** May appear in `filters` (with the rules of its kind). */
  filterable?: boolean;
}

/**
 * The pseudo-field of name search: `{ field: 'search', rule: 'contains', value }`
 * matches when any of the resource's `search` fields contains the value. It is
 * always AND-ed with the other filters, so a search narrows a filtered list.
 */
export const SEARCH_FIELD = 'search';

export interface ResourceContract<
  Item extends v.GenericSchema = v.GenericSchema,
  Create extends v.GenericSchema = v.GenericSchema,
  Patch extends v.GenericSchema = v.GenericSchema,
> {
  /** Plural name: the permission family, the locale namespace and the realtime entity name. */
  name: string;
  /** Base path, e.g. `/users`. */
  path: string;
  item: Item;
  create: Create;
  patch: Patch;
  fields: Record<string, ResourceField>;
  /** Fields the name search covers (2.5: name; users also e-mail; …). */
  search: readonly string[];
  /** Related entities a list may include with `with`. */
  with: readonly string[];
  /** Default sort of lists. */
  defaultSort: readonly string[];
  /** The list can be exported to Excel (where section 6 grants export). */
  exportable?: boolean;
}

export function defineResourceContract<I extends v.GenericSchema, C extends v.GenericSchema, P extends v.GenericSchema>(
  contract: ResourceContract<I, C, P>,
): ResourceContract<I, C, P> {
  return contract;
}

export type ResourceItem<R extends ResourceContract> = v.InferOutput<R['item']>;
export type ResourceCreate<R extends ResourceContract> = v.InferInput<R['create']>;
export type ResourcePatch<R extends ResourceContract> = v.InferInput<R['patch']>;

export const resourcePaths = (contract: Pick<ResourceContract, 'path'>) => ({
  items: `${contract.path}/items`,
  item: (id: number | string) => `${contract.path}/${id}`,
  create: contract.path,
  deleteAll: `${contract.path}/delete-all`,
  export: `${contract.path}/export`,
});

/** Whether a filter entry is allowed by the contract (the server answers 400 `wrong parameters` otherwise). */
export function isAllowedFilter(contract: ResourceContract, field: string, rule: FilterRule): boolean {
  if (field === SEARCH_FIELD) return rule === 'contains' && contract.search.length > 0;
  const def = contract.fields[field];
  return !!def?.filterable && RULES_BY_KIND[def.kind].includes(rule);
}

export function isAllowedSort(contract: ResourceContract, sort: string): boolean {
  return !!contract.fields[sort.replace(/^-/, '')]?.sortable;
}
