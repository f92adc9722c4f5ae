import type { SnapshotFrom } from 'xstate';
import type { LiftCallMachine } from './lift-call.machine';

type S = SnapshotFrom<LiftCallMachine>;

/** The dialog is shown (every state but closed). */
export const selectIsOpen = (s: S) => !s.matches('closed');
export const selectElevator = (s: S) => s.context.elevator;
export const selectFloors = (s: S) => s.context.floors;
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectLoadFailed = (s: S) => s.matches('loadFailed');
export const selectChoice = (s: S) => ({
  floor: s.context.floor,
  apartment: s.context.apartment,
  direction: s.context.direction,
});
/** The apartments of the chosen floor (the apartment picker's options). */
export const selectApartments = (s: S) => s.context.floors.find((f) => f.floor === s.context.floor)?.apartments ?? [];
/** The choices can change (not while the call runs, nor before the floors are in). */
export const selectCanEdit = (s: S) => s.matches('editing') || s.matches('failed') || s.matches('called');
export const selectCanCall = (s: S) => (s.matches('editing') || s.matches('failed')) && s.context.floor !== null;
export const selectIsCalling = (s: S) => s.matches('calling');
export const selectIsCalled = (s: S) => s.matches('called');
export const selectFailure = (s: S) => s.context.failure;
