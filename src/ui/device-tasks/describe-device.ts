import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { OptionText } from '../entities/PickerView';

/** A device as a picker option: its name, with its group. */
export const describeDevice = (row: ListRow): OptionText => {
  const group = (row.domain as { name?: string } | null | undefined)?.name;
  return { primary: String(row.name), secondary: typeof group === 'string' && group ? group : null };
};
