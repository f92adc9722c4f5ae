import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectSearchText } from '../../machines/entity-list/entity-list.selectors';
import { SearchField } from './SearchField';

/** The list's name search, bound to the list actor. */
export function ListSearch({ listRef, label }: { listRef: ActorRefFrom<EntityListMachine>; label: string }) {
  const text = useSelector(listRef, selectSearchText);
  return (
    <SearchField
      label={label}
      value={text}
      onChange={(value) => listRef.send({ type: 'list.searchChanged', text: value })}
      className="w-full sm:w-72"
    />
  );
}
