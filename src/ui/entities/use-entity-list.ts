import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EntityListInput, EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { useInitialListState, useListUrlSync } from './use-list-url';

/**
 * A list page's actor: it starts from the view the URL holds (a shared or
 * reloaded link) and keeps the URL in step with it.
 */
export function useEntityList(
  machine: EntityListMachine,
  input: Omit<EntityListInput, 'query'> = {},
): ActorRefFrom<EntityListMachine> {
  const query = useInitialListState();
  const listRef = useActorRef(machine, { input: { ...input, query } });
  useListUrlSync(listRef);
  return listRef;
}
