import type { SnapshotFrom } from 'xstate';
import type { PublicFormMachine } from './public-form.machine';

type S = SnapshotFrom<PublicFormMachine>;
export const selectFormValues = (s: S) => s.context.values;
export const selectFormErrors = (s: S) => s.context.errors;
export const selectFormFailure = (s: S) => s.context.failure;
export const selectSubject = (s: S) => s.context.subject;
export const selectIsLoading = (s: S) => s.hasTag('loading');
export const selectIsSubmitting = (s: S) => s.matches('submitting');
export const selectIsDone = (s: S) => s.matches('done');
export const selectIsInvalid = (s: S) => s.matches('invalid');
export const selectIsFailed = (s: S) => s.matches('failed');
