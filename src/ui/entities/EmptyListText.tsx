import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectIsFiltered } from '../../machines/entity-list/entity-list.selectors';
import { Button } from '../kit/Button';
import { EmptyState } from '../kit/EmptyState';

/**
 * The empty list: "nothing matches" with a way to clear the filters, or
 * "nothing here yet" with the page's add action.
 */
export function EmptyListText({ listRef, action }: { listRef: ActorRefFrom<EntityListMachine>; action?: ReactNode }) {
  const { t } = useTranslation('lists');
  const filtered = useSelector(listRef, selectIsFiltered);
  if (filtered)
    return (
      <EmptyState
        title={t('empty.filteredTitle')}
        description={t('empty.filteredHint')}
        action={<Button onClick={() => listRef.send({ type: 'list.filtersCleared' })}>{t('filters.clearAll')}</Button>}
      />
    );
  return <EmptyState title={t('empty.title')} description={t('empty.hint')} action={action} />;
}
