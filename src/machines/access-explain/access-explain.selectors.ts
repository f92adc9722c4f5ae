import type { SnapshotFrom } from 'xstate';
import { type AccessExplainMachine, queryOf } from './access-explain.machine';

type S = SnapshotFrom<AccessExplainMachine>;

export const selectSubject = (s: S) => s.context.subject;
export const selectDoor = (s: S) => s.context.door;
/** The instant asked about; null: now. */
export const selectAt = (s: S) => s.context.at;
export const selectAnswer = (s: S) => s.context.answer;
/** The answer before the last what-if change (shown beside the new one). */
export const selectPrevious = (s: S) => s.context.previous;
export const selectFailure = (s: S) => s.context.failure;
export const selectIsAsking = (s: S) => s.matches('asking');
export const selectIsAnswered = (s: S) => s.matches('answered');
export const selectIsFailed = (s: S) => s.matches('failed');
/** Ask is offered while choosing with a complete choice, and once answered (ask again, now). */
export const selectCanAsk = (s: S) => (s.matches('choosing') || s.matches('answered')) && queryOf(s.context) !== null;
/** Once asked, every change is a what-if asked at once. */
export const selectIsWhatIf = (s: S) => !s.matches('choosing');
