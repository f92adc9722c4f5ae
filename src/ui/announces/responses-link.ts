import type { Announce } from '../../contract/entities/announce';

/** The responses list filtered to one announce (its filter is kept in the URL). */
export function responsesOf(announce: Pick<Announce, 'id'>): string {
  const filters = JSON.stringify([{ field: 'announce', rule: 'has', value: [announce.id] }]);
  return `/announces/response?${new URLSearchParams({ filters }).toString()}`;
}
