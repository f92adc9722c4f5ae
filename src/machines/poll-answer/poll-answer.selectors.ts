import type { SnapshotFrom } from 'xstate';
import type { PollAnswerMachine } from './poll-answer.machine';

type S = SnapshotFrom<PollAnswerMachine>;

/** The announce as opened by its token. */
export const selectPollAnnounce = (s: S) => s.context.announce;
export const selectIsPollLoading = (s: S) => s.matches('loading');
export const selectIsPollFailed = (s: S) => s.matches('failed');
export const selectPollFailure = (s: S) => s.context.failure;
/** The options and the custom answer can be changed. */
export const selectIsPollEditable = (s: S) => s.matches({ answering: 'editing' });
export const selectIsPollSending = (s: S) => s.matches({ answering: 'sending' });
/** The caller's answer is stored; they may change it while the poll runs. */
export const selectIsPollAnswered = (s: S) => s.matches({ answering: 'answered' });
/** Shown for reading only: information, or a poll that is not running. */
export const selectIsReadOnly = (s: S) => s.matches('reading');
export const selectPollAnswers = (s: S) => s.context.answers;
export const selectIsOptionChosen = (index: number) => (s: S) => s.context.answers.includes(index);
export const selectCustomAnswer = (s: S) => s.context.customAnswer;
export const selectPollError = (field: string) => (s: S) => s.context.errors[field] ?? null;
