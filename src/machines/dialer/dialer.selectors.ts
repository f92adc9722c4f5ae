import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CallMachine } from '../call/call.machine';
import type { LoaderMachine } from '../loader/loader.machine';
import type { DialerMachine } from './dialer.machine';
import { callActorId, isRinging } from './dialer.rules';

type S = SnapshotFrom<DialerMachine>;

/** The yes/no question the dialer asks now (8.3), if any. */
export type ApprovalPrompt = 'activeCallCancel' | 'activeCallHold' | 'backToPrevious';

export function selectApprovalPrompt(s: S): ApprovalPrompt | null {
  if (s.matches('confirmingEnd')) return 'activeCallCancel';
  if (s.matches('confirmingHold')) return 'activeCallHold';
  if (s.matches('confirmingReturn')) return 'backToPrevious';
  return null;
}

export const selectPanelOpen = (s: S) => s.context.panelOpen;
export const selectLeftView = (s: S) => s.context.leftView;
export const selectMyNumber = (s: S) => s.context.myNumber;
export const selectRegistration = (s: S) => s.context.registration;
/** Calls can be placed and answered only while registered. */
export const selectCanCall = (s: S) => s.context.registration === 'registered';
export const selectKeypad = (s: S) => s.context.keypad;
export const selectLastDialed = (s: S) => s.context.lastDialed;
export const selectContactSearch = (s: S) => s.context.contactSearch;
export const selectSelectedCallId = (s: S) => s.context.selectedCallId;
/** Call ids in arrival order; compare with `shallowEqual`. */
export const selectCallIds = (s: S) => s.context.calls.map((c) => c.id);
export const selectCallCount = (s: S) => s.context.calls.length;
export const selectRingingCount = (s: S) => s.context.calls.filter(isRinging).length;
/** The actor of one call (undefined once it is removed). */
export const selectCallRef = (id: string) => (s: S) =>
  s.children[callActorId(id)] as ActorRefFrom<CallMachine> | undefined;
export const selectContactsRef = (s: S) => s.children.contacts as ActorRefFrom<LoaderMachine>;
export const selectRecentsRef = (s: S) => s.children.recents as ActorRefFrom<LoaderMachine>;
/** The door devices, when the user may open doors. */
export const selectDoorDevicesRef = (s: S) => s.children.doorDevices as ActorRefFrom<LoaderMachine> | undefined;
/** Door management is shown only to users who may open doors. */
export const selectDoorsEnabled = (s: S) => s.context.doors;
export const selectSelectedDoor = (s: S) => s.context.door;
export const selectIsOpeningDoor = (s: S) => s.context.openingDoor;
/** The door-open button works only with a selected door device that has a token (5). */
export const selectCanOpenDoor = (s: S) => Boolean(s.context.door?.token) && !s.context.openingDoor;
export const selectWaitingCallsFailure = (s: S) => s.context.waitingFailure;
export const selectIsLoadingWaitingCalls = (s: S) => s.context.loadingWaitingCalls;
