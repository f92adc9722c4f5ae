import type { PickerSpec } from './use-pickers';

/** The props FormPicker takes from a picker spec of use-pickers. */
export const pickerProps = (spec: PickerSpec) => ({
  picker: spec.machine,
  pickerTitle: spec.title,
  searchLabel: spec.searchLabel,
  describe: spec.describe,
  baseFilters: spec.baseFilters,
});
