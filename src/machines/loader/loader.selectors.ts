import * as v from 'valibot';
import type { SnapshotFrom } from 'xstate';
import type { LoaderMachine } from './loader.machine';

type S = SnapshotFrom<LoaderMachine>;
/** The loaded value, typed by the caller (the machine is generic over it). */
export const selectLoadedData = <T>(s: S) => s.context.data as T | null;
export const selectLoadError = (s: S) => s.context.error;
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectIsLoadFailed = (s: S) => s.matches('failed');
/** The loaded value when it is what `schema` says (else null): views read values with this, never with a cast. */
export const selectLoadedAs =
  <T extends v.GenericSchema>(schema: T) =>
  (s: S): v.InferOutput<T> | null =>
    v.is(schema, s.context.data) ? (s.context.data as v.InferOutput<T>) : null;
