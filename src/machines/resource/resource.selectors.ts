import type { SnapshotFrom } from 'xstate';
import type { ResourceMachine } from './resource.machine';

type S = SnapshotFrom<ResourceMachine>;
/** The loaded value, typed by the caller (the machine is generic over it). */
export const selectResourceData = <T>(s: S) => s.context.data as T | null;
export const selectResourceError = (s: S) => s.context.error;
export const selectIsResourceLoading = (s: S) => s.matches('loading');
export const selectIsResourceFailed = (s: S) => s.matches('failed');
