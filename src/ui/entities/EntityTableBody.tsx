import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import {
  selectIsListLoading,
  selectIsRowSelected,
  selectListItems,
} from '../../machines/entity-list/entity-list.selectors';
import { cx } from '../kit/class-names';
import type { EntityTableProps } from './EntityTable';
import { HeaderCheckbox } from './HeaderCheckbox';
import { SortHeader } from './SortHeader';

/** The table itself: headers, rows with roving focus (arrows, Home, End, Enter, Space), row checkboxes. */
export function EntityTableBody({
  listRef,
  columns,
  label,
  rowLabel,
  onOpen,
  selectable,
  rowActions,
}: EntityTableProps) {
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
