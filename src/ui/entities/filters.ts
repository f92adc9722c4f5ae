import type { Filter } from '../../contract/filters';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { PickerMachine } from '../../machines/picker/picker.machine';
import type { ResourceMachine } from '../../machines/resource/resource.machine';
import type { OptionText } from './PickerView';

/** A choice of an enum, boolean or presence filter. */
export interface FilterChoice {
  /** The filter's value (booleans and `null` / `not_null` for presence). */
  value: string | number | boolean;
  label: string;
}

/** What every filter of a FilterBar has. */
interface FilterBase {
  /** The contract field (must be filterable with the rule used, see src/contract/resource.ts). */
  field: string;
  /** Translated label ("Role"). */
  label: string;
}

/** A related entity, chosen with its picker: `has` any of the chosen ids. */
export interface RelationFilterDef extends FilterBase {
  kind: 'relation';
  picker: {
    machine: PickerMachine;
    title: string;
    searchLabel: string;
    describe: (row: ListRow) => OptionText;
  };
  /** Loads the names of ids found in the URL (a reloaded or shared link carries only ids). */
  labels: (ids: number[]) => ResourceMachine;
}

/** One of a few values (`equals`), a yes/no (`equals` true/false) or set / not set (`is` not_null / null). */
export interface ChoiceFilterDef extends FilterBase {
  kind: 'choice';
  rule: 'equals' | 'is';
  choices: FilterChoice[];
}

/** Free text (`contains` by default). */
export interface TextFilterDef extends FilterBase {
  kind: 'text';
  rule?: 'contains' | 'begins_with' | 'equals';
}

/** The filters a list page offers, declared per entity (see README.md). */
export type FilterDef = RelationFilterDef | ChoiceFilterDef | TextFilterDef;

/** The user's filter on a field, if any. */
export const filterOf = (filters: readonly Filter[], field: string) => filters.find((f) => f.field === field);

/** The filters with the field's entry replaced (or removed when `entry` is null); order is kept. */
export function withFilter(filters: readonly Filter[], field: string, entry: Filter | null): Filter[] {
  const index = filters.findIndex((f) => f.field === field);
  if (index === -1) return entry ? [...filters, entry] : [...filters];
  return entry ? filters.map((f, i) => (i === index ? entry : f)) : filters.filter((_, i) => i !== index);
}

/** Ids of a relation filter's value (a single id or a list). */
export function idsOf(filter: Filter | undefined): number[] {
  if (!filter) return [];
  const value = filter.value;
  const list = Array.isArray(value) ? value : [value];
  return list.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}
