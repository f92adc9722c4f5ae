import type { SnapshotFrom } from 'xstate';
import { sameValues } from './entity-form.definition';
import type { EntityFormMachine } from './entity-form.machine';

type S = SnapshotFrom<EntityFormMachine>;

export const selectFormValues = (s: S) => s.context.values;
/** One input's value (components subscribe to their own field only). */
export const selectFormValue = (field: string) => (s: S) => s.context.values[field];
export const selectFormErrors = (s: S) => s.context.errors;
export const selectFieldError = (field: string) => (s: S) => s.context.errors[field] ?? null;
/** The loaded (or saved) item, for read-only parts such as licence info. */
export const selectFormItem = (s: S) => s.context.item;
export const selectFormId = (s: S) => s.context.id;
export const selectIsNew = (s: S) => s.context.id === null;
export const selectIsFormLoading = (s: S) => s.hasTag('loading');
export const selectIsFormFailed = (s: S) => s.matches('failed');
export const selectFormFailure = (s: S) => s.context.failure;
export const selectIsSaving = (s: S) => s.matches('saving');
/** Waiting for values the server suggests (a generated number and password). */
export const selectIsFilling = (s: S) => s.matches('filling');
export const selectIsSaved = (s: S) => s.matches('saved');
/**
 * The form differs from what it opened with (drives the unsaved-changes guard).
 * Not while saving: a successful save leaves the page, and the guard must not stop that.
 */
export const selectIsDirty = (s: S) => s.matches('editing') && !sameValues(s.context.values, s.context.initial);
/** Inputs are locked: read-only, no edit permission, saving, or waiting for suggested values. */
export const selectIsLocked = (s: S) => s.context.readOnly || !s.context.mayEdit || s.hasTag('busy');
/** 2.5 / 6.1: Approve shows only with the edit permission, when not read-only, on a loaded form. */
export const selectCanApprove = (s: S) => s.context.mayEdit && !s.context.readOnly && s.hasTag('loaded');
