import type { Filter } from '../../contract/filters';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import type { PickerMachine } from '../../machines/picker/picker.machine';
import type { OptionText } from './PickerView';

/** A choice of an enum, boolean or presence filter. */
export interface FilterChoice {
  /** The filter's value (booleans and `null` / `not_null` for presence). */
  value: string | number | boolean;
  label: string;
}

/** What every filter of a FilterBar has. */
interface FilterBase {
  /** The contract field (must be filterable with the rule used, see src/contract/entity.ts). */
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
  labels: (ids: number[]) => LoaderMachine;
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

/**
 * A day bound of a date range: `equals_above` starts at the chosen day's local
 * midnight, `equals_below` ends at its last millisecond; sent as ISO instants.
 */
export interface DateFilterDef extends FilterBase {
  kind: 'date';
  rule: 'equals_above' | 'equals_below';
}

/** The filters a list page offers, declared per entity (see README.md). */
export type FilterDef = RelationFilterDef | ChoiceFilterDef | TextFilterDef | DateFilterDef;

/** The ISO instant a date filter sends for a local day (`YYYY-MM-DD`). */
export function dayBound(day: string, rule: DateFilterDef['rule']): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = rule === 'equals_above' ? new Date(y, m, d, 0, 0, 0, 0) : new Date(y, m, d, 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The local day (`YYYY-MM-DD`) of an instant a date filter holds. */
export function dayOf(instant: unknown): string {
  const date = typeof instant === 'string' ? new Date(instant) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

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
