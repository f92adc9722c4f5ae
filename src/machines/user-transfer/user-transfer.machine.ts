import { assign, fromPromise, setup } from 'xstate';
import type { UserFileFormat, UserImportResult } from '../../contract/entities/user-transfer';
import type { CallFailure } from '../session/session.types';

/**
 * A group's users in and out (2.5 "batch user upload", "users export/import by
 * group"): choose the group, then either export its users (Excel or CSV) or
 * upload a file of users with the role new members get (one call, up to an
 * hour), then the report: created, attached, and every refused row (8.2).
 * A failed call keeps the choices; an export returns to choosing.
 */
export interface UserTransferContext {
  groupId: number | null;
  format: UserFileFormat;
  file: File | null;
  roleId: number | null;
  result: UserImportResult | null;
  failure: CallFailure | null;
}

export type UserTransferEvent =
  | { type: 'transfer.groupChosen'; groupId: number | null }
  | { type: 'transfer.formatChosen'; format: UserFileFormat }
  | { type: 'transfer.fileChosen'; file: File | null }
  | { type: 'transfer.roleChosen'; roleId: number | null }
  | { type: 'transfer.export' }
  | { type: 'transfer.start' }
  | { type: 'transfer.again' };

export interface UserUploadInput {
  groupId: number;
  file: File;
  roleId: number;
}
export interface UserExportInput {
  groupId: number;
  format: UserFileFormat;
}

export const userTransferMachine = setup({
  types: {
    context: {} as UserTransferContext,
    events: {} as UserTransferEvent,
    input: {} as { groupId: number | null },
  },
  actors: {
    upload: fromPromise<UserImportResult, UserUploadInput>(() => new Promise(() => {})),
    /** Downloads the file and hands it to the browser; resolves once saved. */
    download: fromPromise<void, UserExportInput>(() => new Promise(() => {})),
  },
  actions: {
    alert: (_, _params: { kind: 'error' | 'success'; code: string }) => {},
    /** Another group: the last failure and report were about the old one. */
    setGroup: assign((_, params: { groupId: number | null }) => ({ groupId: params.groupId, failure: null })),
    setFormat: assign((_, params: { format: UserFileFormat }) => ({ format: params.format })),
    /** A new file: the last failure was about the old one. */
    setFile: assign((_, params: { file: File | null }) => ({ file: params.file, failure: null })),
    setRole: assign((_, params: { roleId: number | null }) => ({ roleId: params.roleId })),
    clearFailure: assign({ failure: null }),
    takeResult: assign((_, params: { result: UserImportResult }) => ({ result: params.result })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    /** Another upload: a new file; the group and the role stay. */
    startOver: assign({ file: null, result: null }),
  },
  guards: {
    hasGroup: ({ context }) => context.groupId !== null,
    isReady: ({ context }) => context.groupId !== null && context.file !== null && context.roleId !== null,
  },
}).createMachine({
  id: 'userTransfer',
  context: ({ input }) => ({
    groupId: input.groupId,
    format: 'xlsx',
    file: null,
    roleId: null,
    result: null,
    failure: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'transfer.groupChosen': { actions: { type: 'setGroup', params: ({ event }) => ({ groupId: event.groupId }) } },
        'transfer.formatChosen': { actions: { type: 'setFormat', params: ({ event }) => ({ format: event.format }) } },
        'transfer.fileChosen': { actions: { type: 'setFile', params: ({ event }) => ({ file: event.file }) } },
        'transfer.roleChosen': { actions: { type: 'setRole', params: ({ event }) => ({ roleId: event.roleId }) } },
        'transfer.export': { guard: 'hasGroup', target: 'exporting', actions: 'clearFailure' },
        'transfer.start': { guard: 'isReady', target: 'uploading', actions: 'clearFailure' },
      },
    },
    exporting: {
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ groupId: context.groupId!, format: context.format }),
        onDone: { target: 'choosing' },
        onError: {
          target: 'choosing',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }) },
          ],
        },
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ groupId: context.groupId!, file: context.file!, roleId: context.roleId! }),
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
      on: { 'transfer.again': { target: 'choosing', actions: 'startOver' } },
    },
  },
});
export type UserTransferMachine = typeof userTransferMachine;
