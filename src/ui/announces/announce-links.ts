import type { Announce } from '../../contract/entities/announce';

/** The responses list filtered to one announce (its filter is kept in the URL). */
export function responsesOf(announce: Pick<Announce, 'id'>): string {
  const filters = JSON.stringify([{ field: 'announce', rule: 'has', value: [announce.id] }]);
  return `/announces/response?${new URLSearchParams({ filters }).toString()}`;
}

/**
 * Where a row of the list opens: a recipient who is not its author reads it
 * (and answers a poll) at /announce/:token; everyone else opens the form.
 */
export function openPathOf(announce: Pick<Announce, 'id' | 'token' | 'created_by'>, selfId: number | null): string {
  if (announce.token && announce.created_by?.id !== selfId) return `/announce/${announce.token}`;
  return `/announces/${announce.id}/edit`;
}
