import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { selectPageSelection } from '../../machines/entity-list/entity-list.selectors';

/** The header checkbox: ticks every loaded row, or clears them; mixed when some are ticked. */
export function HeaderCheckbox({ listRef }: { listRef: ActorRefFrom<EntityListMachine> }) {
  const { t } = useTranslation('lists');
  const state = useSelector(listRef, selectPageSelection);
  const input = useRef<HTMLInputElement>(null);
  // `indeterminate` exists only as a DOM property.
  useEffect(() => {
    if (input.current) input.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={input}
      type="checkbox"
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      onChange={() => listRef.send({ type: 'list.pageSelectionToggled' })}
      aria-label={t('table.selectPage')}
      className="size-4 rounded border-line accent-brand-600"
    />
  );
}
