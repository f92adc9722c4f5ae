import type { CallType, WaitingCall } from '../../contract/entities/calls';
import type { CallSummary } from '../call/call.types';
import type { CallFailure } from '../session/session.types';
import type { RegistrationStatus } from '../sip-registration/sip-registration.machine';

/** Input of the dialer: the user's own number and the id of its floating button. */
export interface DialerInput {
  myNumber: string;
  /** Id of the floating dialer button (9: 1 to 999999). */
  fabId: number;
  /** The user works the call queue (waiting calls, CallUpdated); default true. */
  manageCalls?: boolean;
  /** The user may open doors (door devices, door open); default true. */
  doors?: boolean;
}

/** An action that may interrupt the engaged call, kept while the user approves it. */
export type PendingAction =
  | { kind: 'accept'; id: string }
  | { kind: 'join'; id: string }
  | { kind: 'start'; speechId: string; number: string; video: boolean; name?: string };

/** An incoming INVITE as the services read it (headers of 7.11). */
export interface IncomingCall {
  speechId: string;
  /** The caller's number. */
  number: string;
  /** X-Target-Callee, else our number. */
  callee: string;
  type: CallType;
  sosCall: boolean;
  /** The caller's display name, when the INVITE carries one. */
  displayName: string | null;
  /** The offer carries video. */
  video: boolean;
}

/** The selected door device: its token opens it by the API, its number tells when we talk to it. */
export interface SelectedDoor {
  token: string | null;
  sipNumber: string | null;
}

/** Which list the left column shows. */
export type LeftView = 'contacts' | 'recents';

export interface DialerContext {
  myNumber: string;
  fabId: number;
  /** Calls management is for this user: waiting calls are loaded and followed. */
  manageCalls: boolean;
  /** Door management is for this user. */
  doors: boolean;
  registration: RegistrationStatus;
  /** Mirror of the call actors (in arrival order), kept up to date by their reports. */
  calls: CallSummary[];
  selectedCallId: string | null;
  /** The number typed on the keypad. */
  keypad: string;
  lastDialed: string | null;
  contactSearch: string;
  pending: PendingAction | null;
  /** The engaged call the pending action interrupts. */
  interrupting: string | null;
  /** The parent call the back-to-previous prompt offers. */
  returnTo: string | null;
  door: SelectedDoor | null;
  /** A door-open request is in flight. */
  openingDoor: boolean;
  panelOpen: boolean;
  leftView: LeftView;
  loadingWaitingCalls: boolean;
  /** Why the last waiting-calls load failed. */
  waitingFailure: CallFailure | null;
}

export type DialerEvent =
  | { type: 'panel.toggle' }
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  | { type: 'left.contacts' }
  | { type: 'left.recents' }
  | { type: 'keypad.press'; key: string }
  | { type: 'keypad.backspace' }
  | { type: 'keypad.change'; value: string }
  /** Start an outgoing call to `number`, or to the keypad's number when absent. */
  | { type: 'call.start'; speechId: string; number?: string; video: boolean; name?: string }
  | { type: 'call.accept'; id: string }
  | { type: 'call.join'; id: string }
  | { type: 'call.select'; id: string }
  | { type: 'approval.yes' }
  | { type: 'approval.no' }
  | { type: 'contacts.searchChanged'; text: string }
  | { type: 'door.select'; door: SelectedDoor | null }
  | { type: 'door.open' }
  | { type: 'waitingCalls.reload' }
  /** Facts from the services and the other actors. */
  | { type: 'sip.incoming'; call: IncomingCall }
  | { type: 'registration.changed'; status: RegistrationStatus }
  | { type: 'call.changed'; id: string; changes: Partial<CallSummary> }
  | { type: 'call.removed'; id: string }
  | { type: 'realtime.message'; topic: string; data: { type: string; [key: string]: unknown } }
  | { type: 'realtime.connected' }
  /** Raised internally when a call reports it ended. */
  | { type: 'dialer.callEnded'; id: string }
  /** Done and error events of the spawned requests. */
  | { type: 'xstate.done.actor.loadWaitingCalls'; output: WaitingCall[] }
  | { type: 'xstate.error.actor.loadWaitingCalls'; error: unknown }
  | { type: 'xstate.done.actor.openDoor'; output: unknown }
  | { type: 'xstate.error.actor.openDoor'; error: unknown };

/** Output of the waiting-calls load. */
export type WaitingCalls = WaitingCall[];
