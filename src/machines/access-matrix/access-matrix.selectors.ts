import type { SnapshotFrom } from 'xstate';
import type { AccessMatrixCell, AccessMatrixRule } from '../../contract/entities/access-matrix';
import type { AccessMatrixMachine } from './access-matrix.machine';

type S = SnapshotFrom<AccessMatrixMachine>;

export const selectMatrixDoors = (s: S) => s.context.doors;
export const selectMatrixRows = (s: S) => s.context.rows;
export const selectMatrixRules = (s: S) => s.context.rules;
export const selectMatrixTotal = (s: S) => s.context.total;
export const selectMatrixGroup = (s: S) => s.context.group;
export const selectMatrixSearch = (s: S) => s.context.search;
/** The first page of a filter is loading (nothing of it shown yet). */
export const selectIsMatrixLoading = (s: S) => s.matches('loading');
export const selectIsLoadingMore = (s: S) => s.matches('loadingMore');
/** The first page failed: the grid gives way to the error. */
export const selectMatrixFailed = (s: S) => s.matches('failed');
/** A further page failed: the rows stay, a retry shows under them. */
export const selectMoreFailed = (s: S) => s.matches('moreFailed');
export const selectMatrixFailure = (s: S) => s.context.failure;
/** Loaded, and the filter matches no user (or no door is given to anyone). */
export const selectIsMatrixEmpty = (s: S) =>
  s.matches('ready') && (s.context.rows.length === 0 || s.context.doors.length === 0);
/** More users than loaded remain. */
export const selectHasMore = (s: S) => s.context.rows.length < s.context.total;
export const selectIsDownloading = (s: S) => s.context.downloading;
/** The filter narrows the matrix (a group or a search). */
export const selectIsFiltered = (s: S) => s.context.group !== null || s.context.searched.trim() !== '';

/** What a cell says: the allowing rules (always open when one has no schedule) and the prohibitions. */
export interface CellReading {
  allows: AccessMatrixRule[];
  denies: AccessMatrixRule[];
  /** An allowing rule without schedules: always open (unless prohibited). */
  always: boolean;
  /** A prohibition without schedules: never open. */
  alwaysDenied: boolean;
}

/** How a cell reads with the rules it names. */
export function readCell(cell: AccessMatrixCell, rules: Record<number, AccessMatrixRule>): CellReading {
  const named = cell.rules.map((r) => rules[r.id]).filter((r): r is AccessMatrixRule => r !== undefined);
  const allows = named.filter((r) => !r.prohibition);
  const denies = named.filter((r) => r.prohibition);
  return {
    allows,
    denies,
    always: allows.some((r) => r.time_rules.length === 0),
    alwaysDenied: denies.some((r) => r.time_rules.length === 0),
  };
}
