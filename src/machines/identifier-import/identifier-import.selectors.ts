import type { SnapshotFrom } from 'xstate';
import type { ImportDuplicateAction } from '../../contract/entities/identifier';
import type { IdentifierImportMachine } from './identifier-import.machine';

type S = SnapshotFrom<IdentifierImportMachine>;
export const selectImportFile = (s: S) => s.context.file;
export const selectImportFailure = (s: S) => s.context.failure;
export const selectImportDuplicates = (s: S) => s.context.duplicates;
export const selectImportRows = (s: S) => s.context.rows;
export const selectImportAction = (s: S) => s.context.action;
export const selectImportReport = (s: S) => s.context.report;
export const selectIsBusy = (s: S) => s.matches('checking') || s.matches('continuing');
export const selectImportStep = (s: S) =>
  s.matches('checking')
    ? 'checking'
    : s.matches('duplicates')
      ? 'duplicates'
      : s.matches('continuing')
        ? 'continuing'
        : s.matches('report')
          ? 'report'
          : 'choosing';
/** The action a duplicate row will get: its own, or the one for all. */
export const selectRowAction =
  (row: number) =>
  (s: S): ImportDuplicateAction =>
    s.context.rowActions[row] ?? s.context.action;
