import type { SnapshotFrom } from 'xstate';
import { sampleRows } from '../entity-list/entity-list.fixtures';
import { type PickerContext, type PickerMachine, pickerMachine } from './picker.machine';

export const basePickerContext: PickerContext = {
  multiple: true,
  baseFilters: [],
  sort: ['name'],
  size: 20,
  searchText: '',
  search: '',
  items: [],
  total: 0,
  lastPage: 0,
  selected: [],
  failure: null,
};

type Value = SnapshotFrom<PickerMachine>['value'];

/** A picker snapshot with the given context (entity pickers build their stories with it). */
export function pickerSnapshot(value: Value, context: Partial<PickerContext> = {}) {
  return pickerMachine.resolveState({ value, context: { ...basePickerContext, ...context } });
}

const loaded = { items: sampleRows, total: 12, lastPage: 1 };

/** One snapshot per reachable state, plus the variants the dialog shows differently. */
export const pickerFixtures = {
  loading: pickerSnapshot({ open: 'loading' }),
  ready: pickerSnapshot({ open: 'ready' }, { ...loaded, selected: [sampleRows[1]!] }),
  single: pickerSnapshot({ open: 'ready' }, { ...loaded, multiple: false, selected: [sampleRows[0]!] }),
  searchedEmpty: pickerSnapshot({ open: 'ready' }, { searchText: 'zz', search: 'zz', lastPage: 1 }),
  loadingMore: pickerSnapshot({ open: 'loadingMore' }, loaded),
  failed: pickerSnapshot({ open: 'failed' }, { failure: { code: 'internal server error', status: 500 } }),
  /** Rita was added to Sam (what the field held), then Choose: the field now holds both. */
  confirmed: pickerSnapshot('confirmed', { ...loaded, selected: [sampleRows[1]!, sampleRows[3]!] }),
  /** Chris was added to Sam, then Cancel: the field keeps Sam only. */
  cancelled: pickerSnapshot('cancelled', { ...loaded, selected: [sampleRows[1]!, sampleRows[2]!] }),
};
