import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import {
  selectIsFirstLoad,
  selectIsListEmpty,
  selectIsListFailed,
  selectListFailure,
} from '../../machines/entity-list/entity-list.selectors';
import { ErrorState } from '../kit/ErrorState';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import type { ColumnDef } from './columns';
import { EmptyListText, type EmptyText } from './EmptyListText';
import { EntityTableBody } from './EntityTableBody';
import { ListFooter } from './ListFooter';
import { SelectAllBanner } from './SelectAllBanner';

/** Props of {@link EntityTable}. */
export interface EntityTableProps {
  listRef: ActorRefFrom<EntityListMachine>;
  columns: ColumnDef[];
  /** Accessible name of the table (the entity's plural). */
  label: string;
  /** Names a row for its checkbox and open action (usually the name). */
  rowLabel: (row: ListRow) => string;
  /** Opens a row (Enter on a row, or its first cell). */
  onOpen?: (row: ListRow) => void;
  /** Rows get checkboxes for bulk actions. */
  selectable?: boolean;
  /** Controls at the end of each row (a delete button). */
  rowActions?: (row: ListRow) => ReactNode;
  /** Shown in the empty state of an unfiltered list (e.g. an Add button). */
  emptyAction?: ReactNode;
  /** What an unfiltered empty list says instead of "nothing here yet". */
  emptyText?: EmptyText;
}

/**
 * The table of any entity list: sortable headers (aria-sort), row checkboxes
 * with a "select all N matching" banner, keyboard navigation (arrows move
 * between rows, Enter opens, Space selects), empty and error states, and the
 * load-more footer. It only reads the list actor and sends it events.
 */
export function EntityTable(props: EntityTableProps) {
  const { t } = useTranslation(['lists', 'errors']);
  const { listRef } = props;
  const firstLoad = useSelector(listRef, selectIsFirstLoad);
  const failed = useSelector(listRef, selectIsListFailed);
  const failure = useSelector(listRef, selectListFailure);
  const empty = useSelector(listRef, selectIsListEmpty);

  if (firstLoad)
    return (
      <div className="flex justify-center py-16 text-brand-600">
        <Spinner label={t('lists:table.loading')} size="lg" />
      </div>
    );
  if (failed)
    return (
      <ErrorState
        title={t('lists:table.failed')}
        message={translateError(t, failure)}
        failure={failure}
        onRetry={() => listRef.send({ type: 'list.retry' })}
      />
    );
  if (empty)
    return (
      <div className="rounded-lg border border-line bg-surface">
        <EmptyListText listRef={listRef} action={props.emptyAction} text={props.emptyText} />
      </div>
    );
  return (
    <div className="space-y-2">
      {props.selectable ? <SelectAllBanner listRef={listRef} /> : null}
      <EntityTableBody {...props} />
      <ListFooter listRef={listRef} />
    </div>
  );
}
