import { NO_SELECTION, type Selection } from './entity-list.query';
import type { EntityListContext, ListRow } from './entity-list.types';

const pageIds = (items: ListRow[]) => items.map((i) => i.id);

/** A row ticked or unticked; unticking one row of "all matching" keeps the rest of what is loaded. */
export function toggleRow(context: EntityListContext, id: number): Selection {
  const ids = context.selection.kind === 'all' ? pageIds(context.items) : context.selection.ids;
  return { kind: 'ids', ids: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id] };
}

/** The header checkbox: every loaded row ticked, or none. */
export function togglePage(context: EntityListContext): Selection {
  const ids = pageIds(context.items);
  const selected = context.selection;
  const allLoaded = selected.kind === 'all' || ids.every((id) => selected.ids.includes(id));
  return allLoaded ? NO_SELECTION : { kind: 'ids', ids };
}
