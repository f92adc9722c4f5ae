import { type ReactNode, type UIEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessMatrixDoor, AccessMatrixRow, AccessMatrixRule } from '../../contract/entities/access-matrix';
import { readCell } from '../../machines/access-matrix/access-matrix.selectors';
import { cx } from '../kit/class-names';
import { nearEnd, windowOf } from './windowing';

/** Sizes of the grid (px): fixed, so the window is arithmetic. */
export const GRID = { userWidth: 232, cellWidth: 124, rowHeight: 40, headerHeight: 56 } as const;
/** The viewport assumed before it is measured (and where nothing lays out: tests). */
const FALLBACK = { width: 1040, height: 560 };

/** A cell the user opened. */
export interface OpenedCell {
  row: AccessMatrixRow;
  door: AccessMatrixDoor;
}

/** Props of {@link MatrixGrid}. */
export interface MatrixGridProps {
  doors: AccessMatrixDoor[];
  rows: AccessMatrixRow[];
  rules: Record<number, AccessMatrixRule>;
  /** Users of the filter in all (rows beyond the loaded ones are not drawn). */
  total: number;
  /** The grid's accessible name. */
  label: string;
  /** The rows shown come near the last loaded one. */
  onNearEnd: () => void;
  onOpen: (cell: OpenedCell) => void;
}

export const doorKey = (d: { device_id: number; lock_number: number }) => `${d.device_id}:${d.lock_number}`;

/**
 * Users down, doors across, sticky header row and user column; only the rows and columns in view
 * (and a few around) are in the DOM, so a page of thousands of users by hundreds of doors scrolls
 * as one of twenty. A cell shows how it opens (always, a schedule's name, prohibited) and opens
 * the rules behind it.
 */
export function MatrixGrid({ doors, rows, rules, total, label, onNearEnd, onOpen }: MatrixGridProps) {
  const { t } = useTranslation('accessMatrix');
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, left: 0, ...FALLBACK });
  // The viewport's size, now and when the window resizes (layout, not workflow).
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setView((v) => ({
        ...v,
        width: element.clientWidth || FALLBACK.width,
        height: element.clientHeight || FALLBACK.height,
      }));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rowWindow = windowOf(view.top, view.height - GRID.headerHeight, GRID.rowHeight, rows.length);
  const colWindow = windowOf(view.left, view.width - GRID.userWidth, GRID.cellWidth, doors.length, 2);
  const width = GRID.userWidth + doors.length * GRID.cellWidth;
  const height = GRID.headerHeight + rows.length * GRID.rowHeight;
  const shownDoors = doors.slice(colWindow.start, colWindow.end);
  // The columns scrolled past, as one empty cell of their width.
  const gap = (
    <td aria-hidden="true" className="block" style={{ width: colWindow.start * GRID.cellWidth, flex: 'none' }} />
  );
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollLeft } = event.currentTarget;
    setView((v) => (v.top === scrollTop && v.left === scrollLeft ? v : { ...v, top: scrollTop, left: scrollLeft }));
    // Scrolled near the last loaded row: the machine loads the next page if there is one.
    const shown = windowOf(scrollTop, view.height - GRID.headerHeight, GRID.rowHeight, rows.length);
    if (nearEnd(shown, rows.length) && rows.length < total) onNearEnd();
  };
  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      className="relative h-[calc(100vh-15rem)] min-h-72 overflow-auto rounded-lg border border-line bg-surface"
    >
      {/* A table laid out as blocks: fixed sizes, only the window of rows and columns in the DOM. */}
      <table
        aria-label={label}
        aria-rowcount={total + 1}
        aria-colcount={doors.length + 1}
        className="block border-collapse"
        style={{ width, height, position: 'relative' }}
      >
        <thead className="sticky top-0 z-20 block bg-canvas" style={{ width, height: GRID.headerHeight }}>
          <tr aria-rowindex={1} className="flex border-b border-line" style={{ width, height: GRID.headerHeight }}>
            <th
              scope="col"
              aria-colindex={1}
              className="sticky left-0 z-30 flex flex-none items-end border-r border-line bg-canvas px-3 pb-2 text-left text-[13px] font-medium text-muted"
              style={{ width: GRID.userWidth }}
            >
              {t('user')}
            </th>
            {gap}
            {shownDoors.map((door, i) => (
              <th
                key={doorKey(door)}
                scope="col"
                aria-colindex={colWindow.start + i + 2}
                title={t('door', { device: door.device_name, lock: door.lock_number })}
                className="flex flex-none flex-col justify-end border-r border-line px-2 pb-2 text-left text-[12px] leading-tight font-normal"
                style={{ width: GRID.cellWidth }}
              >
                <span className="truncate font-medium text-ink">{door.device_name}</span>
                <span className="text-muted">#{door.lock_number}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          className="block"
          style={{ position: 'absolute', top: GRID.headerHeight + rowWindow.start * GRID.rowHeight, left: 0, width }}
        >
          {rows.slice(rowWindow.start, rowWindow.end).map((row, i) => (
            <MatrixRow
              key={row.id}
              index={rowWindow.start + i}
              row={row}
              doors={shownDoors}
              firstColumn={colWindow.start}
              gap={gap}
              width={width}
              rules={rules}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MatrixRow({
  index,
  row,
  doors,
  firstColumn,
  gap,
  width,
  rules,
  onOpen,
}: {
  index: number;
  row: AccessMatrixRow;
  doors: AccessMatrixDoor[];
  firstColumn: number;
  gap: ReactNode;
  width: number;
  rules: Record<number, AccessMatrixRule>;
  onOpen: (cell: OpenedCell) => void;
}) {
  const { t } = useTranslation('accessMatrix');
  const cells = new Map(row.cells.map((c) => [doorKey(c), c]));
  return (
    <tr aria-rowindex={index + 2} className="flex border-b border-line/70" style={{ width, height: GRID.rowHeight }}>
      <th
        scope="row"
        aria-colindex={1}
        className="sticky left-0 z-10 flex flex-none flex-col justify-center border-r border-line bg-surface px-3 text-left font-normal"
        style={{ width: GRID.userWidth }}
      >
        <span className="truncate text-sm text-ink">{row.name}</span>
        <span className="truncate text-[11px] text-muted">
          {row.login}
          {row.identifiers === 0 ? <span className="text-warning-600"> · {t('noIdentifiers')}</span> : null}
        </span>
      </th>
      {gap}
      {doors.map((door, i) => {
        const cell = cells.get(doorKey(door));
        const doorName = t('door', { device: door.device_name, lock: door.lock_number });
        if (!cell)
          return (
            <td
              key={doorKey(door)}
              aria-colindex={firstColumn + i + 2}
              aria-label={t('cell.label', { user: row.name, door: doorName, summary: t('cell.none') })}
              className="block flex-none border-r border-line/60"
              style={{ width: GRID.cellWidth }}
            />
          );
        const reading = readCell(cell, rules);
        const schedules = [...new Set(reading.allows.flatMap((r) => r.time_rules.map((x) => x.name)))];
        const allowText = reading.allows.length === 0 ? null : reading.always ? t('cell.always') : (schedules[0] ?? '');
        const summary = [
          allowText && schedules.length > 1 && !reading.always
            ? `${allowText} ${t('cell.more', { count: schedules.length - 1 })}`
            : allowText,
          reading.denies.length > 0 ? t('cell.prohibited') : null,
        ]
          .filter(Boolean)
          .join(' · ');
        const tone = reading.alwaysDenied
          ? 'border-danger-600/40 bg-danger-50 text-danger-600'
          : reading.denies.length > 0
            ? 'border-warning-600/40 bg-warning-50 text-warning-600'
            : reading.always
              ? 'border-success-600/40 bg-success-50 text-success-600'
              : 'border-info-600/40 bg-info-50 text-info-600';
        return (
          <td
            key={doorKey(door)}
            aria-colindex={firstColumn + i + 2}
            className="block flex-none border-r border-line/60 p-1"
            style={{ width: GRID.cellWidth }}
          >
            <button
              type="button"
              title={summary}
              aria-label={t('cell.label', { user: row.name, door: doorName, summary })}
              onClick={() => onOpen({ row, door })}
              className={cx(
                'flex h-full w-full items-center gap-1 overflow-hidden rounded border px-1.5 text-left text-[12px]',
                tone,
              )}
            >
              {reading.denies.length > 0 ? <span aria-hidden="true">⛔</span> : null}
              <span className="truncate">{allowText ?? t('cell.prohibited')}</span>
              {schedules.length > 1 && !reading.always ? (
                <span className="ml-auto flex-none opacity-80">{t('cell.more', { count: schedules.length - 1 })}</span>
              ) : null}
            </button>
          </td>
        );
      })}
    </tr>
  );
}
