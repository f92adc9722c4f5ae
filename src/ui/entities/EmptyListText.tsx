import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectIsFiltered } from '../../machines/entity-list/entity-list.selectors';
import { Button } from '../kit/Button';
import { EmptyState } from '../kit/EmptyState';

/** What an unfiltered empty list says, when the generic "nothing here yet" does not fit ("Nothing is banned"). */
export interface EmptyText {
  title: string;
  hint?: string;
}

/**
 * The empty list: "nothing matches" with a way to clear the filters, or
 * "nothing here yet" (or the page's own `text`) with the page's add action.
 */
export function EmptyListText({
  listRef,
  action,
  text,
}: {
  listRef: ActorRefFrom<EntityListMachine>;
  action?: ReactNode;
  text?: EmptyText;
}) {
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
  return (
    <EmptyState
      title={text?.title ?? t('empty.title')}
      description={text ? text.hint : t('empty.hint')}
      action={action}
    />
  );
}
