import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import {
  selectCanSelectAllMatching,
  selectIsAllMatchingSelected,
  selectListItems,
  selectListTotal,
} from '../../machines/entity-list/entity-list.selectors';

/**
 * Once every loaded row is ticked and more rows match, offers to select all
 * of them (server side: a bulk delete then sends the filter, not ids).
 */
export function SelectAllBanner({ listRef }: { listRef: ActorRefFrom<EntityListMachine> }) {
  const { t } = useTranslation('lists');
  const canSelectAll = useSelector(listRef, selectCanSelectAllMatching);
  const allSelected = useSelector(listRef, selectIsAllMatchingSelected);
  const total = useSelector(listRef, selectListTotal);
  const loaded = useSelector(listRef, selectListItems).length;
  if (!canSelectAll && !allSelected) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-md bg-brand-50 px-3 py-2 text-[13px] text-ink"
    >
      {allSelected ? (
        <>
          <span>{t('selection.allMatching', { count: total })}</span>
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => listRef.send({ type: 'list.selectionCleared' })}
          >
            {t('selection.clear')}
          </button>
        </>
      ) : (
        <>
          <span>{t('selection.pageSelected', { count: loaded })}</span>
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => listRef.send({ type: 'list.allMatchingSelected' })}
          >
            {t('selection.selectAllMatching', { count: total })}
          </button>
        </>
      )}
    </div>
  );
}
