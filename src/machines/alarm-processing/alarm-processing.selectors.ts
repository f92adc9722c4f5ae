import type { SnapshotFrom } from 'xstate';
import type { AlarmProcessingMachine } from './alarm-processing.machine';

type S = SnapshotFrom<AlarmProcessingMachine>;

export const selectAlarm = (s: S) => s.context.alarm;
export const selectComment = (s: S) => s.context.comment;
export const selectCommentError = (s: S) => s.context.commentError;
export const selectFailure = (s: S) => s.context.failure;
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectLoadFailed = (s: S) => s.matches('loadFailed');
/** The comment can be typed and sent. */
export const selectCanProcess = (s: S) => s.matches('review') || s.matches('failed');
export const selectIsProcessing = (s: S) => s.matches('processing');
export const selectProcessFailed = (s: S) => s.matches('failed');
/** Processed here, or before the page could: the result is shown, nothing can be sent. */
export const selectIsDone = (s: S) => s.matches('processed') || s.matches('alreadyProcessed');
export const selectWasAlreadyProcessed = (s: S) => s.matches('alreadyProcessed');
