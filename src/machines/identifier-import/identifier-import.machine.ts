import { assign, fromPromise, setup } from 'xstate';
import type {
  IdentifierDuplicate,
  IdentifierImportAnswer,
  IdentifierImportContinue,
  IdentifierImportReport,
  ImportDuplicateAction,
} from '../../contract/entities/identifier';
import type { CallFailure } from '../session/session.types';

/**
 * Identifier import (7.5, 2.5 "import of duplicate identifiers"): choose the file, upload it to be
 * checked; when no row clashes the server saves and answers the report; otherwise the duplicates
 * are shown with the stored upload's `filepath`, the user picks an action for all and, where it
 * differs, per row, and continues; the server answers the per-row report. A failed step goes back
 * to where it started with everything kept (the file, the duplicates, the choices) and says why,
 * so the same step can be retried. No timeout (7.1): the calls wait as long as the server works.
 */
export interface IdentifierImportContext {
  file: File | null;
  filepath: string | null;
  rows: number;
  duplicates: IdentifierDuplicate[];
  /** The action for every duplicate without one of its own. */
  action: ImportDuplicateAction;
  /** Per row, where it differs from `action`. */
  rowActions: Record<number, ImportDuplicateAction>;
  report: IdentifierImportReport | null;
  failure: CallFailure | null;
}

export type IdentifierImportEvent =
  | { type: 'import.fileChosen'; file: File | null }
  | { type: 'import.start' }
  | { type: 'import.actionForAll'; action: ImportDuplicateAction }
  | { type: 'import.actionForRow'; row: number; action: ImportDuplicateAction }
  | { type: 'import.continue' }
  | { type: 'import.discard' }
  | { type: 'import.again' };

export const emptyImportContext = (): IdentifierImportContext => ({
  file: null,
  filepath: null,
  rows: 0,
  duplicates: [],
  action: 'skip',
  rowActions: {},
  report: null,
  failure: null,
});

/** The continue call's body from the choices: rows listed only where they differ from the action for all. */
export function continueBody(context: IdentifierImportContext): IdentifierImportContinue {
  return {
    filepath: context.filepath ?? '',
    action: context.action,
    rows: context.duplicates
      .map((d) => ({ row: d.row, action: context.rowActions[d.row] ?? context.action }))
      .filter((r) => r.action !== context.action),
  };
}

export const identifierImportMachine = setup({
  types: {
    context: {} as IdentifierImportContext,
    events: {} as IdentifierImportEvent,
  },
  actors: {
    check: fromPromise<IdentifierImportAnswer, { file: File }>(() => new Promise(() => {})),
    proceed: fromPromise<IdentifierImportReport, IdentifierImportContinue>(() => new Promise(() => {})),
  },
  actions: {
    alert: (_, _params: { kind: 'error' | 'success'; code: string }) => {},
    /** The list behind the dialog shows the imported identifiers. */
    imported: () => {},
    setFile: assign((_, params: { file: File | null }) => ({ file: params.file, failure: null })),
    clearFailure: assign({ failure: null }),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    takeAnswer: assign((_, params: { answer: IdentifierImportAnswer }) =>
      params.answer.status === 'done'
        ? { report: params.answer.report }
        : {
            filepath: params.answer.filepath,
            rows: params.answer.rows,
            duplicates: params.answer.duplicates,
            action: 'skip' as const,
            rowActions: {},
          },
    ),
    setAction: assign((_, params: { action: ImportDuplicateAction }) => ({ action: params.action, rowActions: {} })),
    setRowAction: assign(({ context }, params: { row: number; action: ImportDuplicateAction }) => ({
      rowActions: { ...context.rowActions, [params.row]: params.action },
    })),
    takeReport: assign((_, params: { report: IdentifierImportReport }) => ({ report: params.report })),
    /** Back to the file: the duplicates of this upload no longer apply. */
    dropDuplicates: assign({ filepath: null, rows: 0, duplicates: [], action: 'skip' as const, rowActions: {} }),
    startOver: assign(() => emptyImportContext()),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    isDone: (_, params: { answer: IdentifierImportAnswer }) => params.answer.status === 'done',
    isKnownRow: ({ context }, params: { row: number }) => context.duplicates.some((d) => d.row === params.row),
  },
}).createMachine({
  id: 'identifierImport',
  context: emptyImportContext,
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'import.fileChosen': { actions: { type: 'setFile', params: ({ event }) => ({ file: event.file }) } },
        'import.start': { guard: 'hasFile', target: 'checking', actions: 'clearFailure' },
      },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          {
            guard: { type: 'isDone', params: ({ event }) => ({ answer: event.output }) },
            target: 'report',
            actions: [{ type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) }, 'imported'],
          },
          { target: 'duplicates', actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: {
          target: 'choosing',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }) },
          ],
        },
      },
    },
    duplicates: {
      on: {
        'import.actionForAll': {
          actions: { type: 'setAction', params: ({ event }) => ({ action: event.action }) },
        },
        'import.actionForRow': {
          guard: { type: 'isKnownRow', params: ({ event }) => ({ row: event.row }) },
          actions: { type: 'setRowAction', params: ({ event }) => ({ row: event.row, action: event.action }) },
        },
        'import.continue': { target: 'continuing', actions: 'clearFailure' },
        'import.discard': { target: 'choosing', actions: ['dropDuplicates', 'clearFailure'] },
      },
    },
    continuing: {
      invoke: {
        id: 'proceed',
        src: 'proceed',
        input: ({ context }) => continueBody(context),
        onDone: {
          target: 'report',
          actions: [{ type: 'takeReport', params: ({ event }) => ({ report: event.output }) }, 'imported'],
        },
        onError: {
          target: 'duplicates',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }) },
          ],
        },
      },
    },
    report: {
      on: { 'import.again': { target: 'choosing', actions: 'startOver' } },
    },
  },
});
export type IdentifierImportMachine = typeof identifierImportMachine;
