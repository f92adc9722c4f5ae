import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import {
  selectHasMore,
  selectIsLoadingMore,
  selectListItems,
  selectListTotal,
} from '../../machines/entity-list/entity-list.selectors';
import { Button } from '../kit/Button';

/** How many rows are shown of how many match, and the load-more button. */
export function ListFooter({ listRef }: { listRef: ActorRefFrom<EntityListMachine> }) {
  const { t } = useTranslation('lists');
  const shown = useSelector(listRef, selectListItems).length;
  const total = useSelector(listRef, selectListTotal);
  const hasMore = useSelector(listRef, selectHasMore);
  const loadingMore = useSelector(listRef, selectIsLoadingMore);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 px-1 text-[13px] text-muted">
      <span aria-live="polite">{t('table.shown', { shown, total })}</span>
      {hasMore ? (
        <Button size="sm" loading={loadingMore} onClick={() => listRef.send({ type: 'list.loadMore' })}>
          {t('table.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
