import type { SnapshotFrom } from 'xstate';
import type { SchedulePreviewMachine } from './schedule-preview.machine';

type S = SnapshotFrom<SchedulePreviewMachine>;

/** The occurrences last answered (kept, dimmed, while a change is waited for or loading). */
export const selectOccurrences = (s: S) => s.context.items;
/** The project's time zone the occurrences are shown in (IANA name), once answered. */
export const selectPreviewZone = (s: S) => s.context.timeZone;
/** The form does not describe a valid schedule yet. */
export const selectIsIncomplete = (s: S) => s.matches('incomplete');
/** A change is being previewed: the shown occurrences are about to be replaced. */
export const selectIsPreviewBusy = (s: S) => s.matches('waiting') || s.matches('loading');
/** The schedule has no occurrence from now on (ended, or a pattern no date matches). */
export const selectIsPreviewEmpty = (s: S) => s.matches('empty');
export const selectPreviewFailure = (s: S) => (s.matches('failed') ? s.context.failure : null);
/** The shown occurrences are whole days. */
export const selectShownAllDay = (s: S) => s.context.shown?.is_all_day ?? false;
