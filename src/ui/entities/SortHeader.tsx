import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectSortOf } from '../../machines/entity-list/entity-list.selectors';
import { cx } from '../kit/class-names';
import { Icon } from '../kit/icons';

/** Props of {@link SortHeader}. */
export interface SortHeaderProps {
  listRef: ActorRefFrom<EntityListMachine>;
  field: string;
  label: string;
  className?: string;
}

/** A sortable column header: a button that cycles ascending, descending, default; aria-sort says which. */
export function SortHeader({ listRef, field, label, className }: SortHeaderProps) {
  const { t } = useTranslation('lists');
  const sort = useSelector(listRef, selectSortOf(field));
  return (
    <th scope="col" aria-sort={sort} className={cx('px-3 py-2 text-left font-medium', className)}>
      <button
        type="button"
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-ink"
        onClick={() => listRef.send({ type: 'list.sortToggled', field })}
        title={t('table.sortBy', { column: label })}
      >
        {label}
        <Icon
          name="chevronDown"
          className={cx(
            'size-3.5 transition-transform',
            sort === 'none' && 'opacity-0',
            sort === 'ascending' && 'rotate-180',
          )}
        />
      </button>
    </th>
  );
}
