import type { SnapshotFrom } from 'xstate';
import type { GenerateGroupsMachine } from './generate-groups.machine';

type S = SnapshotFrom<GenerateGroupsMachine>;
export const selectGenerateValues = (s: S) => s.context.values;
export const selectGenerateErrors = (s: S) => s.context.errors;
export const selectGeneratePreview = (s: S) => s.context.preview;
export const selectGenerateCreated = (s: S) => s.context.created;
export const selectIsPreviewing = (s: S) => s.matches('previewing');
export const selectIsShowingPreview = (s: S) => s.hasTag('preview');
export const selectIsSavingTree = (s: S) => s.matches('saving');
export const selectIsSaved = (s: S) => s.matches('saved');
