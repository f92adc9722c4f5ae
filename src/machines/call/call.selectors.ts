import type { SnapshotFrom } from 'xstate';
import type { CallMachine } from './call.machine';
import type { CallStatus } from './call.types';

type S = SnapshotFrom<CallMachine>;

/** Statuses as the states are tagged; `stopping` has none (it shows where the call rests). */
const TAGGED: readonly CallStatus[] = [
  'calling',
  'joining',
  'active',
  'new',
  'paused',
  'processed_paused',
  'destroyed',
];

/** The dialer status of section 4 the call is in now. */
export function selectCallStatus(s: S): CallStatus {
  if (s.matches('stopping')) return s.context.resumeStatus;
  return TAGGED.find((status) => s.hasTag(status)) ?? 'destroyed';
}

/** The call's speech id (its identity). */
export const selectCallId = (s: S) => s.context.speechId;
/** The other party's number. */
export const selectCallNumber = (s: S) => s.context.number;
export const selectCallCallee = (s: S) => s.context.callee;
export const selectCallDirection = (s: S) => s.context.direction;
export const selectCallType = (s: S) => s.context.type;
/** Door panel address and resident name, when the server knows them. */
export const selectCallInfo = (s: S) => s.context.info;
export const selectIsSosCall = (s: S) => s.context.sosCall;
export const selectAnsweredBy = (s: S) => s.context.answeredBy;
/** Answered by another number, or by our number in another tab: the card is disabled (4). */
export const selectIsAnsweredByAnother = (s: S) => s.matches('answeredByAnother');
/** The other side answered on our number, elsewhere (another tab or device). */
export const selectIsAnsweredOnOurNumber = (s: S) =>
  s.matches('answeredByAnother') && s.context.answeredBy === s.context.myNumber;
export const selectHasSipSession = (s: S) => s.matches('withSession');
export const selectIsRinging = (s: S) => s.matches({ withSession: 'ringing' });
export const selectIsStopping = (s: S) => s.matches('stopping');
/** Ended: shown for 5 s, then removed. */
export const selectIsEnded = (s: S) => s.hasTag('destroyed');
/** Seconds in the current active stretch. */
export const selectCallDuration = (s: S) => s.context.duration;
export const selectCallCreatedAt = (s: S) => s.context.createdAt;
export const selectMicMuted = (s: S) => s.context.settings.micMuted;
export const selectVolume = (s: S) => s.context.settings.volume;
export const selectVideoOn = (s: S) => s.context.video;
export const selectEndCause = (s: S) => s.context.endCause;
export const selectParentId = (s: S) => s.context.parentId;
/** Controls: what the call accepts now (guards included). */
export const selectCanAccept = (s: S) => s.can({ type: 'call.accept' });
export const selectCanJoin = (s: S) => s.can({ type: 'call.join' });
export const selectCanHold = (s: S) => s.can({ type: 'call.hold' });
export const selectCanHangup = (s: S) => s.can({ type: 'call.hangup' });
export const selectCanUseMedia = (s: S) => s.matches({ withSession: 'active' });
