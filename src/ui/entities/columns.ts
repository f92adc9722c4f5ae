import type { ReactNode } from 'react';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/**
 * One column of an entity table, declared per entity (see README.md):
 * what the header says, what a cell shows, and the sort field when sortable.
 */
export interface ColumnDef<Row extends ListRow = ListRow> {
  /** Stable key (usually the field name). */
  key: string;
  /** The header text, already translated. */
  header: string;
  /** The cell's content for a row. */
  cell: (row: Row) => ReactNode;
  /** The contract field this column sorts by; omit for unsortable columns. */
  sortField?: string;
  /** Tailwind width/alignment classes for the column (e.g. `w-40`, `text-right`). */
  className?: string;
}

/** Casts columns of a concrete row type to the generic table's (rows come from the same list). */
export const asColumns = <Row extends ListRow>(columns: ColumnDef<Row>[]) => columns as unknown as ColumnDef[];
