import { useEffect, useState } from 'react';
import type { ActorRefFrom, AnyStateMachine, SnapshotFrom } from 'xstate';
import { type FreezeOptions, frozenActor } from './frozen-actors';

/** A frozen actor for the lifetime of a story component (stopped on unmount). */
export function useFrozenActor<M extends AnyStateMachine>(
  machine: M,
  snapshot: SnapshotFrom<M>,
  options?: FreezeOptions,
): ActorRefFrom<M> {
  const [actor] = useState(() => frozenActor(machine, snapshot, options));
  useEffect(() => () => (actor as unknown as { stop: () => void }).stop(), [actor]);
  return actor;
}
