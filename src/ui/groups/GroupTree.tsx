import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { GroupTreeMachine } from '../../machines/group-tree/group-tree.machine';
import type { TreeNode, TreeRow } from '../../machines/group-tree/group-tree.model';
import {
  selectFailure,
  selectIsBusy,
  selectIsLoading,
  selectIsSearching,
  selectRows,
  selectSearchText,
} from '../../machines/group-tree/group-tree.selectors';
import { SearchField } from '../entities/SearchField';
import { Button } from '../kit/Button';
import { cx } from '../kit/class-names';
import { ErrorState } from '../kit/ErrorState';
import { Icon } from '../kit/icons';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { type GroupAction, GroupRowMenu } from './GroupRowMenu';

/** Props of {@link GroupTree}. */
export interface GroupTreeProps {
  tree: ActorRefFrom<GroupTreeMachine>;
  /** The row menu's entries the caller may use (per group: the server is the authority). */
  actions: readonly GroupAction[];
  onAction: (action: GroupAction, node: TreeNode) => void;
}

/**
 * The groups as a tree grid (WAI-ARIA treegrid, row focus): ↑/↓ move, → opens
 * a group or goes to its first child, ← closes it or goes to its parent,
 * Home/End, Enter edits; Tab reaches the focused row's action menu. The search
 * keeps the ancestors of the matches visible and open.
 */
export function GroupTree({ tree, actions, onAction }: GroupTreeProps) {
  const { t } = useTranslation(['groups', 'lists', 'errors']);
  const rows = useSelector(tree, selectRows);
  const searchText = useSelector(tree, selectSearchText);
  const searching = useSelector(tree, selectIsSearching);
  const loading = useSelector(tree, selectIsLoading);
  const busy = useSelector(tree, selectIsBusy);
  const failure = useSelector(tree, selectFailure);
  const [focusId, setFocusId] = useState<number | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);

  const active = rows.find((r) => r.node.id === focusId) ?? rows[0];
  const focusRow = (id: number | undefined) => {
    if (id === undefined) return;
    setFocusId(id);
    body.current?.querySelector<HTMLElement>(`[data-group-id="${id}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: TreeRow, index: number) => {
    if (event.target !== event.currentTarget) return;
    const { node } = row;
    const move = (to: number) => focusRow(rows[Math.max(0, Math.min(rows.length - 1, to))]?.node.id);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      ArrowRight: () => {
        if (!node.has_children) return;
        if (!row.expanded) tree.send({ type: 'tree.expand', id: node.id });
        else if (rows[index + 1]?.level === row.level + 1) move(index + 1);
      },
      ArrowLeft: () => {
        if (row.expanded) tree.send({ type: 'tree.collapse', id: node.id });
        else if (row.level > 1) {
          const parent = rows.slice(0, index).findLast((r) => r.level === row.level - 1);
          focusRow(parent?.node.id);
        }
      },
      Enter: () => {
        if (actions.includes('edit')) onAction('edit', node);
      },
    };
    const handler = keys[event.key];
    if (!handler) return;
    event.preventDefault();
    handler();
  };

  if (loading)
    return (
      <div className="flex justify-center py-16 text-brand-600">
        <Spinner label={t('lists:table.loading')} size="lg" />
      </div>
    );
  if (failure)
    return (
      <ErrorState
        title={t('lists:table.failed')}
        message={translateError(t, failure)}
        onRetry={() => tree.send({ type: 'tree.retry' })}
      />
    );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <SearchField
          label={t('groups:search')}
          value={searchText}
          onChange={(text) => tree.send({ type: 'tree.search', text })}
          className="w-full sm:w-72"
        />
        <div className="flex items-center gap-1">
          <Button size="sm" variant="ghost" onClick={() => tree.send({ type: 'tree.expandAll' })}>
            {t('groups:tree.expandAll')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => tree.send({ type: 'tree.collapseAll' })}>
            {t('groups:tree.collapseAll')}
          </Button>
        </div>
        {busy ? <Spinner label={t('lists:table.loading')} size="sm" className="text-brand-600" /> : null}
        <p className="ml-auto text-sm text-muted" aria-live="polite">
          {searching ? t('groups:tree.matches', { count: rows.filter((r) => r.match).length }) : null}
        </p>
      </div>
      {rows.length === 0 ? (
        <div className="rounded-lg border border-line bg-surface px-4 py-10 text-center text-sm text-muted">
          {searching ? t('groups:tree.noMatches') : t('groups:tree.empty')}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA treegrid pattern is a table with role treegrid (APG example). */}
          <table role="treegrid" aria-label={t('groups:title')} className="w-full text-sm">
            <thead className="border-b border-line bg-canvas/60 text-left text-xs font-medium text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('groups:fields.name')}
                </th>
                <th scope="col" className="hidden w-40 px-3 py-2 md:table-cell">
                  {t('groups:fields.type')}
                </th>
                <th scope="col" className="w-32 px-3 py-2">
                  {t('groups:fields.logic_address')}
                </th>
                <th scope="col" className="w-24 px-3 py-2 text-right">
                  {t('groups:fields.users')}
                </th>
                <th scope="col" className="w-12 px-2 py-2">
                  <span className="sr-only">{t('groups:menu.column')}</span>
                </th>
              </tr>
            </thead>
            <tbody ref={body}>
              {rows.map((row, index) => (
                <GroupTreeRow
                  key={row.node.id}
                  row={row}
                  focused={row === active}
                  actions={actions}
                  onFocus={() => setFocusId(row.node.id)}
                  onKeyDown={(event) => onKeyDown(event, row, index)}
                  onToggle={() => tree.send({ type: row.expanded ? 'tree.collapse' : 'tree.expand', id: row.node.id })}
                  onAction={(action) => onAction(action, row.node)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function GroupTreeRow(props: {
  row: TreeRow;
  focused: boolean;
  actions: readonly GroupAction[];
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void;
  onToggle: () => void;
  onAction: (action: GroupAction) => void;
}) {
  const { t } = useTranslation('groups');
  const { row } = props;
  const { node } = row;
  return (
    <tr
      data-group-id={node.id}
      aria-level={row.level}
      aria-posinset={row.position}
      aria-setsize={row.siblings}
      aria-expanded={node.has_children ? row.expanded : undefined}
      aria-busy={row.loading || undefined}
      tabIndex={props.focused ? 0 : -1}
      onFocus={props.onFocus}
      onKeyDown={props.onKeyDown}
      className="border-b border-line last:border-b-0 hover:bg-canvas/60 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
    >
      <td className="px-3 py-1.5">
        <div className="flex min-w-0 items-center gap-1" style={{ paddingLeft: `${(row.level - 1) * 1.25}rem` }}>
          {node.has_children ? (
            <button
              type="button"
              tabIndex={-1}
              aria-label={t(row.expanded ? 'tree.collapse' : 'tree.expand', { name: node.name })}
              onClick={props.onToggle}
              className="inline-flex size-6 shrink-0 items-center justify-center rounded text-muted hover:bg-canvas hover:text-ink"
            >
              {row.loading ? (
                <Spinner label={t('tree.loadingChildren')} size="sm" />
              ) : (
                <Icon name={row.expanded ? 'chevronDown' : 'chevronRight'} className="size-4" />
              )}
            </button>
          ) : (
            <span className="inline-block size-6 shrink-0" />
          )}
          <button
            type="button"
            tabIndex={-1}
            disabled={!props.actions.includes('edit')}
            onClick={() => props.onAction('edit')}
            className={cx(
              'truncate text-left font-medium text-ink enabled:hover:text-brand-700 enabled:hover:underline',
              row.match && 'rounded bg-amber-100 px-1',
            )}
          >
            {node.name}
          </button>
        </div>
      </td>
      <td className="hidden px-3 py-1.5 text-muted md:table-cell">{node.type?.name ?? ''}</td>
      <td className="px-3 py-1.5">
        {node.logic_address ? <code className="text-[13px]">{node.logic_address}</code> : null}
      </td>
      <td className="px-3 py-1.5 text-right tabular-nums">{node.users_count}</td>
      <td className="px-2 py-1 text-right">
        <GroupRowMenu
          name={node.name}
          actions={node.may_delete ? props.actions : props.actions.filter((a) => a !== 'delete')}
          onAction={props.onAction}
          tabbable={props.focused}
        />
      </td>
    </tr>
  );
}
