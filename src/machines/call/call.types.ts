import type { CallInfo, CallStatusServer, CallType, WaitingCall } from '../../contract/entities/calls';
import type { CallFailure } from '../session/session.types';

/** Dialer call statuses of section 4 (server names: answered = active, waiting = paused, answered_waiting = processed_paused). */
export type CallStatus = 'new' | 'calling' | 'destroyed' | 'active' | 'joining' | 'paused' | 'processed_paused';
export type CallDirection = 'outgoing' | 'incoming';

/** Per-call media settings (section 3, Dialer call: settings). */
export interface CallSettings {
  /** Remote audio volume, 0 to 1. */
  volume: number;
  micMuted: boolean;
}

/**
 * How a call actor begins: `dial` places an outgoing call, `ring` takes an
 * incoming INVITE whose session the services already hold, `server` is a call
 * known only from calls management (an awaiting call with no SIP session here).
 */
export type CallStart = { kind: 'dial' } | { kind: 'ring' } | { kind: 'server'; status: CallStatusServer };

/** Input of a call actor; `speechId` is its identity everywhere (SIP header, server, actor id). */
export interface CallInput {
  speechId: string;
  /** The other party's number. */
  number: string;
  /** The number that was called (X-Target-Callee; an awaiting call's master or concierge number). */
  callee: string;
  direction: CallDirection;
  type: CallType;
  sosCall: boolean;
  info: CallInfo;
  answeredBy: string | null;
  /** The awaiting call that was held when this one started (return-to-parent prompt). */
  parentId: string | null;
  /** The user's own SIP number. */
  myNumber: string;
  /** When the server created the call (awaiting calls), ISO. */
  createdAt: string | null;
  video: boolean;
  start: CallStart;
}

/** What the SIP session actor does when it starts. */
export type SessionMode = 'dial' | 'attach' | 'join';

/** Statuses an awaiting call rests in without a SIP session here. */
export type RestingStatus = 'new' | 'paused' | 'processed_paused';

export interface CallContext extends Omit<CallInput, 'start'> {
  /** Epoch ms when the call first became active (reported by the session). */
  started: number | null;
  /** Seconds in the current active stretch, ticking every second. */
  duration: number;
  settings: CallSettings;
  sessionMode: SessionMode;
  /** The server status the call was first known with (calls from calls management), else null. */
  initialServerStatus: CallStatusServer | null;
  /** Where an awaiting call rests again when its leg ends, a join fails or is cancelled. */
  resumeStatus: RestingStatus;
  /** Why the call ended (SIP cause), for the card. */
  endCause: string | null;
  failure: CallFailure | null;
}

/** Input of the SIP session actor (services implement it over JsSIP). */
export interface SipSessionInput {
  speechId: string;
  mode: SessionMode;
  /** Number to call (dial) or the awaiting call's callee (join). */
  target: string;
  video: boolean;
}

/** Commands a call sends its SIP session actor; a missing session ignores them (8.3). */
export type SipSessionCommand =
  | { type: 'session.answer'; video: boolean }
  | { type: 'session.dtmf'; tone: string; duration: number }
  | { type: 'session.mute'; muted: boolean }
  | { type: 'session.volume'; volume: number }
  | { type: 'session.video'; enabled: boolean };

/** What the dialer mirrors of each call (the parts its rules read). */
export interface CallSummary {
  id: string;
  status: CallStatus;
  type: CallType;
  direction: CallDirection;
  number: string;
  hasSIPSession: boolean;
  parentId: string | null;
  answeredBy: string | null;
}

export type CallEvent =
  /** Answer a ringing call (the dialer sends it after the approvals). */
  | { type: 'call.accept' }
  /** Join (or rejoin) an awaiting call. */
  | { type: 'call.join' }
  /** End: bye, cancel or reject a normal call; stop an awaiting call via the server. */
  | { type: 'call.hangup' }
  /** Hold an active awaiting call: hang up our leg, the caller stays held. */
  | { type: 'call.hold' }
  /** Another call takes over (4): normal calls end, active awaiting calls are held, joins are cancelled. */
  | { type: 'call.interrupt' }
  | { type: 'call.toggleMute' }
  | { type: 'call.volumeChanged'; volume: number }
  | { type: 'call.toggleVideo' }
  | { type: 'call.sendDtmf'; tone: string }
  /** An incoming INVITE arrived for this (awaiting) call. */
  | { type: 'session.attached' }
  /** Facts from the SIP session actor. */
  | { type: 'session.accepted'; at: number }
  | { type: 'session.ended'; cause: string }
  | { type: 'session.failed'; cause: string }
  /** A calls-management update for this call (CallUpdated or the waiting calls list). */
  | { type: 'server.updated'; call: WaitingCall };

/** Events a call sends its parent (the dialer). */
export type CallParentEvent =
  | { type: 'call.changed'; id: string; changes: Partial<CallSummary> }
  | { type: 'call.removed'; id: string };
