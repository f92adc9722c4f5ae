import type { SnapshotFrom } from 'xstate';
import type { ProjectDaysMachine } from './project-days.machine';

type S = SnapshotFrom<ProjectDaysMachine>;

export const selectDaysYear = (s: S) => s.context.year;
/** The marked days of the year shown, by date. */
export const selectDays = (s: S) => s.context.days;
export const selectDayDraft = (s: S) => s.context.draft;
export const selectIsDaysLoading = (s: S) => s.matches('loading');
/** Loading the year failed (retry). */
export const selectDaysLoadFailed = (s: S) => s.matches('failed');
/** Why the last load, save or removal failed. */
export const selectDaysFailure = (s: S) => s.context.failure;
/** A save or removal runs: the inputs and buttons wait. */
export const selectIsDaysBusy = (s: S) => s.matches('saving') || s.matches('removing');
export const selectIsSavingDay = (s: S) => s.matches('saving');
/** The date being removed. */
export const selectRemovingDay = (s: S) => (s.matches('removing') ? s.context.removing : null);
/** A day may be saved: the calendar is in and a date is typed. */
export const selectCanSaveDay = (s: S) => s.matches('ready') && s.context.draft.date.trim() !== '';
