import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { PageHeader } from '../kit/PageHeader';
import { BulkBar } from './BulkBar';
import type { ColumnDef } from './columns';
import type { EmptyText } from './EmptyListText';
import { EntityTable } from './EntityTable';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import type { FilterDef } from './filters';
import { ListSearch } from './ListSearch';

/** Props of {@link EntityListView}. */
export interface EntityListViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  title: string;
  description?: ReactNode;
  columns: ColumnDef[];
  filters?: FilterDef[];
  /** The search box's label ("Search by name or e-mail"); without it no search box (an entity with no `search` fields). */
  searchLabel?: string;
  rowLabel: (row: ListRow) => string;
  /** The entity's plural for a count ("3 users"), for the delete confirmation. */
  entityLabel: (count: number) => string;
  onOpen?: (row: ListRow) => void;
  /** Page actions (Add). */
  actions?: ReactNode;
  /** Views of the page under its heading (tabs such as "all calls / SOS calls"). */
  tabs?: ReactNode;
  /** Export is granted (section 6). */
  canExport?: boolean;
  /** Delete is granted: row checkboxes and the bulk delete appear. */
  canDelete?: boolean;
  rowActions?: (row: ListRow) => ReactNode;
  /** What the unfiltered empty list says instead of "nothing here yet" ("Nothing is banned"). */
  emptyText?: EmptyText;
  /** Content under the table (dialogs of the page). */
  children?: ReactNode;
}

/**
 * A whole list page over an entityList actor: heading with actions and
 * export, search and filters, the selection's bulk bar and the table.
 */
export function EntityListView(props: EntityListViewProps) {
  const { listRef } = props;
  return (
    <div className="space-y-3">
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          <>
            {props.canExport ? <ExportButton listRef={listRef} /> : null}
            {props.actions}
          </>
        }
      />
      {props.tabs}
      <div className="flex flex-wrap items-center gap-2">
        {props.searchLabel ? <ListSearch listRef={listRef} label={props.searchLabel} /> : null}
        {props.filters?.length ? <FilterBar listRef={listRef} filters={props.filters} /> : null}
      </div>
      <BulkBar listRef={listRef} canDelete={props.canDelete ?? false} entityLabel={props.entityLabel} />
      <EntityTable
        listRef={listRef}
        columns={props.columns}
        label={props.title}
        rowLabel={props.rowLabel}
        onOpen={props.onOpen}
        selectable={props.canDelete}
        rowActions={props.rowActions}
        emptyText={props.emptyText}
      />
      {props.children}
    </div>
  );
}
