import { assign, fromPromise, setup } from 'xstate';
import type { ImportRowError, StructureImportResult } from '../../contract/entities/group-structure';
import type { CallFailure } from '../session/session.types';

/**
 * Structure import of a group (7.3): choose the .xlsx and the role new users
 * get, upload (one call, up to an hour), then the result: how many users were
 * attached and created, groups created, and every refused row (8.2), which the
 * view offers as a downloadable report. A failed call keeps the choices.
 */
export interface StructureImportContext {
  groupId: number;
  file: File | null;
  roleId: number | null;
  result: StructureImportResult | null;
  failure: CallFailure | null;
}

export type StructureImportEvent =
  | { type: 'import.fileChosen'; file: File | null }
  | { type: 'import.roleChosen'; roleId: number | null }
  | { type: 'import.start' }
  | { type: 'import.again' };

export interface UploadInput {
  groupId: number;
  file: File;
  roleId: number;
}

export const structureImportMachine = setup({
  types: {
    context: {} as StructureImportContext,
    events: {} as StructureImportEvent,
    input: {} as { groupId: number },
  },
  actors: {
    upload: fromPromise<StructureImportResult, UploadInput>(() => new Promise(() => {})),
  },
  actions: {
    alert: (_, _params: { kind: 'error' | 'success'; code: string }) => {},
    /** A new file: the last failure was about the old one. */
    setFile: assign((_, params: { file: File | null }) => ({ file: params.file, failure: null })),
    setRole: assign((_, params: { roleId: number | null }) => ({ roleId: params.roleId })),
    clearFailure: assign({ failure: null }),
    takeResult: assign((_, params: { result: StructureImportResult }) => ({ result: params.result })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    /** Another import: a new file, the role stays. */
    startOver: assign({ file: null, result: null }),
  },
  guards: {
    isReady: ({ context }) => context.file !== null && context.roleId !== null,
  },
}).createMachine({
  id: 'structureImport',
  context: ({ input }) => ({ groupId: input.groupId, file: null, roleId: null, result: null, failure: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'import.fileChosen': { actions: { type: 'setFile', params: ({ event }) => ({ file: event.file }) } },
        'import.roleChosen': { actions: { type: 'setRole', params: ({ event }) => ({ roleId: event.roleId }) } },
        'import.start': { guard: 'isReady', target: 'uploading', actions: 'clearFailure' },
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ groupId: context.groupId, file: context.file!, roleId: context.roleId! }),
        onDone: {
          target: 'finished',
          actions: { type: 'takeResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'choosing',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }) },
          ],
        },
      },
    },
    finished: {
      on: { 'import.again': { target: 'choosing', actions: 'startOver' } },
    },
  },
});
export type StructureImportMachine = typeof structureImportMachine;

/** The refused rows as a CSV report (sheet, row, column, message), for the operator to fix the file. */
export function errorReport(errors: ImportRowError[], translate: (code: string) => string): string {
  const quote = (value: string | number | undefined) => `"${String(value ?? '').replace(/"/g, '""')}"`;
  const lines = errors.map((e) => [e.sheet, e.row, e.column, translate(e.message)].map(quote).join(','));
  return ['sheet,row,column,message', ...lines].join('\r\n');
}
