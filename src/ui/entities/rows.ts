import * as v from 'valibot';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/**
 * A list row read as its entity's item: the row when its contract schema
 * accepts it (`v.is`), else null. List views read rows with this, never with a cast.
 */
export function rowAs<S extends v.GenericSchema>(schema: S, row: ListRow): v.InferInput<S> | null {
  return v.is(schema, row) ? row : null;
}

/** Whether a form value is a picked row (a picker's value: an object with a numeric id). */
export function isListRow(value: unknown): value is ListRow {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'number';
}
