import type { SnapshotFrom } from 'xstate';
import type { PasswordFormMachine } from './password-form.machine';

type S = SnapshotFrom<PasswordFormMachine>;
export const selectPasswordValues = (s: S) => s.context.values;
export const selectPasswordErrors = (s: S) => s.context.errors;
export const selectIsPasswordSubmitting = (s: S) => s.matches('submitting');
export const selectIsPasswordDone = (s: S) => s.matches('done');
