import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import {
  type ListState,
  listStateToSearch,
  sameListState,
  searchToListState,
} from '../../machines/entity-list/entity-list.query';
import { selectListQuery } from '../../machines/entity-list/entity-list.selectors';

/** URL parameters a list owns; everything else in the query (pageId, …) is left alone. */
const LIST_PARAMS = ['page', 'size', 'sort', 'filters', 'match', 'q'] as const;

/** The list state the URL holds now: the list actor starts from it, so a shared or reloaded link shows the same view. */
export function useInitialListState(): ListState {
  const [params] = useSearchParams();
  const [initial] = useState(() => searchToListState(params));
  return initial;
}

/**
 * Keeps the URL and the list actor in step: the actor's query is written to
 * the URL (replacing the entry, so typing does not flood the history), and a
 * URL changed from outside (back/forward) is sent to the actor.
 */
export function useListUrlSync(listRef: ActorRefFrom<EntityListMachine>): void {
  const query = useSelector(listRef, selectListQuery);
  const [params, setParams] = useSearchParams();
  const fromUrl = searchToListState(params);
  const inStep = sameListState(fromUrl, query);
  const urlKey = params.toString();

  // State → URL. Only the actor's query drives this direction: a URL changed from outside must not be overwritten.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (inStep) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of LIST_PARAMS) next.delete(key);
        for (const [key, value] of Object.entries(listStateToSearch(query))) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  }, [query]);

  // URL → state (back/forward): the URL changed while the actor's query did not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a URL change drives this direction.
  useEffect(() => {
    if (!sameListState(searchToListState(new URLSearchParams(urlKey)), listRef.getSnapshot().context.query))
      listRef.send({ type: 'list.queryRestored', query: searchToListState(new URLSearchParams(urlKey)) });
  }, [urlKey]);
}
