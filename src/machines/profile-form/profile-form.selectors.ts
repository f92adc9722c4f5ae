import type { SnapshotFrom } from 'xstate';
import type { ProfileFormMachine } from './profile-form.machine';
import { valuesFromProfile } from './profile-form.values';

type S = SnapshotFrom<ProfileFormMachine>;
export const selectProfileValues = (s: S) => s.context.values;
export const selectProfileErrors = (s: S) => s.context.errors;
export const selectIsProfileSaving = (s: S) => s.matches('saving');
/** True when the form differs from the saved profile (drives the unsaved-changes guard). */
export const selectIsProfileDirty = (s: S) =>
  JSON.stringify(s.context.values) !== JSON.stringify(valuesFromProfile(s.context.profile));
