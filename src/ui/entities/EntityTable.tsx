import { useSelector } from '@xstate/react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import {
  selectIsFirstLoad,
  selectIsListEmpty,
  selectIsListFailed,
  selectIsListLoading,
  selectIsRowSelected,
  selectListFailure,
  selectListItems,
} from '../../machines/entity-list/entity-list.selectors';
import { cx } from '../kit/class-names';
import { ErrorState } from '../kit/ErrorState';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import type { ColumnDef } from './columns';
import { EmptyListText } from './EmptyListText';
import { HeaderCheckbox } from './HeaderCheckbox';
import { ListFooter } from './ListFooter';
import { SelectAllBanner } from './SelectAllBanner';
import { SortHeader } from './SortHeader';

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
        onRetry={() => listRef.send({ type: 'list.retry' })}
      />
    );
  if (empty)
    return (
      <div className="rounded-lg border border-line bg-surface">
        <EmptyListText listRef={listRef} action={props.emptyAction} />
      </div>
    );
  return (
    <div className="space-y-2">
      {props.selectable ? <SelectAllBanner listRef={listRef} /> : null}
      <TableBody {...props} />
      <ListFooter listRef={listRef} />
    </div>
  );
}

function TableBody({ listRef, columns, label, rowLabel, onOpen, selectable, rowActions }: EntityTableProps) {
  const { t } = useTranslation('lists');
  const items = useSelector(listRef, selectListItems);
  const refreshing = useSelector(listRef, selectIsListLoading);
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);

  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]')[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: ListRow, index: number) => {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key] as number);
    } else if (event.key === 'Enter' && onOpen) {
      event.preventDefault();
      onOpen(row);
    } else if (event.key === ' ' && selectable) {
      event.preventDefault();
      listRef.send({ type: 'list.rowToggled', id: row.id });
    }
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table
        aria-label={label}
        aria-busy={refreshing || undefined}
        className={cx('w-full border-collapse text-sm', refreshing && 'opacity-60 transition-opacity')}
      >
        <thead className="border-b border-line bg-canvas/60 text-[13px] text-muted">
          <tr>
            {selectable ? (
              <th scope="col" className="w-10 px-3 py-2">
                <HeaderCheckbox listRef={listRef} />
              </th>
            ) : null}
            {columns.map((column) =>
              column.sortField ? (
                <SortHeader
                  key={column.key}
                  listRef={listRef}
                  field={column.sortField}
                  label={column.header}
                  className={column.className}
                />
              ) : (
                <th key={column.key} scope="col" className={cx('px-3 py-2 text-left font-medium', column.className)}>
                  {column.header}
                </th>
              ),
            )}
            {rowActions ? (
              <th scope="col" className="w-16 px-3 py-2">
                <span className="sr-only">{t('table.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody ref={body}>
          {items.map((row, index) => (
            <tr
              key={row.id}
              data-row
              tabIndex={index === Math.min(active, items.length - 1) ? 0 : -1}
              aria-label={rowLabel(row)}
              onKeyDown={(event) => onKeyDown(event, row, index)}
              onFocus={() => setActive(index)}
              className="border-b border-line last:border-b-0 hover:bg-brand-50/50 focus:bg-brand-50 focus:outline-none"
            >
              {selectable ? (
                <td className="px-3 py-2">
                  <RowCheckbox listRef={listRef} id={row.id} label={rowLabel(row)} />
                </td>
              ) : null}
              {columns.map((column, columnIndex) => (
                <td key={column.key} className={cx('px-3 py-2 align-middle', column.className)}>
                  {columnIndex === 0 && onOpen ? (
                    <button
                      type="button"
                      tabIndex={-1}
                      onClick={() => onOpen(row)}
                      className="text-left font-medium text-brand-700 hover:underline"
                    >
                      {column.cell(row)}
                    </button>
                  ) : (
                    column.cell(row)
                  )}
                </td>
              ))}
              {rowActions ? <td className="px-3 py-1 text-right whitespace-nowrap">{rowActions(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowCheckbox({ listRef, id, label }: { listRef: ActorRefFrom<EntityListMachine>; id: number; label: string }) {
  const { t } = useTranslation('lists');
  const checked = useSelector(listRef, selectIsRowSelected(id));
  return (
    <input
      type="checkbox"
      tabIndex={-1}
      checked={checked}
      onChange={() => listRef.send({ type: 'list.rowToggled', id })}
      aria-label={t('table.selectRow', { name: label })}
      className="size-4 rounded border-line accent-brand-600"
    />
  );
}
