import type { SnapshotFrom } from 'xstate';
import type { StructureImportMachine } from './structure-import.machine';

type S = SnapshotFrom<StructureImportMachine>;
export const selectImportFile = (s: S) => s.context.file;
export const selectImportRoleId = (s: S) => s.context.roleId;
export const selectImportResult = (s: S) => s.context.result;
export const selectImportFailure = (s: S) => s.context.failure;
export const selectIsUploading = (s: S) => s.matches('uploading');
export const selectIsFinished = (s: S) => s.matches('finished');
export const selectCanStart = (s: S) => s.matches('choosing') && s.context.file !== null && s.context.roleId !== null;
