import type { SnapshotFrom } from 'xstate';
import type { GuestKeyMachine } from './guest-key.machine';

type S = SnapshotFrom<GuestKeyMachine>;

// The grant flow.
export const selectIsKeyLoading = (s: S) => s.matches({ grant: 'loading' });
export const selectKeyLoadFailed = (s: S) => s.matches({ grant: 'loadFailed' });
export const selectIsNewKey = (s: S) => s.context.input.mode === 'grant' && s.context.input.id === null;
export const selectValues = (s: S) => s.context.values;
export const selectFieldErrors = (s: S) => s.context.fieldErrors;
/** The form can be edited (not while granting, nor once granted). */
export const selectCanEdit = (s: S) => s.matches({ grant: 'choosing' });
export const selectIsGranting = (s: S) => s.matches({ grant: 'granting' });
export const selectIsGranted = (s: S) => s.matches({ grant: 'granted' });
export const selectGranted = (s: S) => s.context.granted;
/** The refusal of the last grant that is not a field's (a limit, a rule not handed on, the licence). */
export const selectGrantFailure = (s: S) => (s.matches({ grant: 'choosing' }) ? s.context.failure : null);

// The guest page.
export const selectGuestState = (s: S) => s.context.state;
export const selectDoors = (s: S) => s.context.doors;
export const selectIsPageLoading = (s: S) => s.matches({ guest: 'loading' });
export const selectPageLoadFailed = (s: S) => s.matches({ guest: 'loadFailed' });
/** The doors are offered (to open one, or another). */
export const selectShowsDoors = (s: S) =>
  s.matches({ guest: 'doors' }) ||
  s.matches({ guest: 'opening' }) ||
  s.matches({ guest: 'opened' }) ||
  s.matches({ guest: 'doorFailed' });
export const selectOpeningToken = (s: S) =>
  s.matches({ guest: 'opening' }) ? (s.context.door?.device_token ?? null) : null;
export const selectOpenedDoor = (s: S) => (s.matches({ guest: 'opened' }) ? s.context.door : null);
export const selectDoorFailure = (s: S) =>
  s.matches({ guest: 'doorFailed' }) ? { door: s.context.door, failure: s.context.failure } : null;
/** Every pass is used (after the last one opened a door). */
export const selectNoPassesLeft = (s: S) => s.context.state?.passes?.left === 0;
/** The key cannot open anything: which of the guest errors it is. */
export const selectKeyRefusal = (s: S) => {
  for (const state of ['invalid', 'expired', 'passLimitReached', 'notYetValid'] as const) {
    if (s.matches({ guest: state })) return state;
  }
  return null;
};
export const selectFailure = (s: S) => s.context.failure;
