import type { SnapshotFrom } from 'xstate';
import type { UserTransferMachine } from './user-transfer.machine';

type S = SnapshotFrom<UserTransferMachine>;
export const selectTransferGroupId = (s: S) => s.context.groupId;
export const selectTransferFormat = (s: S) => s.context.format;
export const selectTransferFile = (s: S) => s.context.file;
export const selectTransferResult = (s: S) => s.context.result;
export const selectTransferFailure = (s: S) => s.context.failure;
export const selectIsExporting = (s: S) => s.matches('exporting');
export const selectIsUploading = (s: S) => s.matches('uploading');
export const selectIsBusy = (s: S) => s.matches('uploading') || s.matches('exporting');
export const selectIsFinished = (s: S) => s.matches('finished');
export const selectCanExport = (s: S) => s.matches('choosing') && s.context.groupId !== null;
export const selectCanUpload = (s: S) =>
  s.matches('choosing') && s.context.groupId !== null && s.context.file !== null && s.context.roleId !== null;
