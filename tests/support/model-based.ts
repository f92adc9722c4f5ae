import * as vitest from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  fromPromise,
  type InputFrom,
  type PromiseActorLogic,
  type SnapshotFrom,
} from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';

/**
 * Model-based testing helpers (STYLE.md): the graph of a machine whose effects
 * are never-settling stubs, explored with an explicit event list that includes
 * the synthetic done/error events of every invoke. Paths are then replayed on a
 * real actor, so each reachable state and each transition is executed for real.
 */
export interface ModelOptions<M extends AnyStateMachine> {
  machine: M;
  events: EventFromLogic<M>[];
  input?: InputFrom<M>;
  /** How states are told apart; defaults to the state value. */
  serialize?: (s: SnapshotFrom<M>) => string;
}

export const byValue = (s: { value: unknown }) => JSON.stringify(s.value);

export function explore<M extends AnyStateMachine>(opts: ModelOptions<M>) {
  const serializeState = (s: SnapshotFrom<M>) => (opts.serialize ?? byValue)(s);
  // Done/error events only reach a machine from a running child: offer them only then
  // (an unhandled error event would crash the actor, which no real run can cause).
  // A final state takes no more events (a real actor has stopped): offer none there.
  const events = (s: SnapshotFrom<M>) =>
    (s as AnyMachineSnapshot).status === 'done'
      ? []
      : opts.events.filter((e) => {
          const child = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type)?.[2];
          return child === undefined || child in (s as AnyMachineSnapshot).children;
        });
  const traversal = { events, input: opts.input, serializeState } as never;
  const paths = getShortestPaths(opts.machine, traversal);
  const transitions = adjacencyMapToArray(getAdjacencyMap(opts.machine, traversal)) as Array<{
    state: SnapshotFrom<M>;
    event: EventFromLogic<M>;
    nextState: SnapshotFrom<M>;
  }>;
  const pathTo = new Map(paths.map((p) => [serializeState(p.state as SnapshotFrom<M>), p]));
  /** Events that lead from the initial state to `state` (without xstate.init). */
  const eventsTo = (state: SnapshotFrom<M>) => {
    const path = pathTo.get(serializeState(state));
    if (!path) throw new Error(`no path to ${serializeState(state)}`);
    return path.steps.slice(1).map((step) => step.event as EventFromLogic<M>);
  };
  return { paths, transitions, eventsTo, key: serializeState };
}

/** Plays events on a started actor of the machine and returns it (callers stop it). */
export function replay<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M> | undefined,
  events: EventFromLogic<M>[],
) {
  const actor = createActor(machine, { input } as never);
  actor.start();
  for (const event of events) actor.send(event);
  return actor;
}

/** A promise actor implementation that never settles: the test sends its done/error events. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

/** A promise actor that never settles, fitting any invoke slot (the test sends its done/error events). */
// biome-ignore lint/suspicious/noExplicitAny: a stub that never settles fits every output and input type.
export const pendingActor = (): PromiseActorLogic<any, any> => fromPromise(never);

/**
 * The standard model-based suite of a machine: every reachable state has a
 * fixture, every shortest path replays to its state on a real actor (checking
 * `invariant` there), and every transition of the graph does what the graph says.
 */
export function describeModel<M extends AnyStateMachine>(
  name: string,
  opts: ModelOptions<M> & {
    /** Builds a fresh machine with stub effects for each replay. */
    fresh: () => M;
    fixtures: Record<string, { value: unknown }>;
    invariant?: (s: SnapshotFrom<M>) => void;
  },
) {
  const { describe, expect, it } = vitest;
  describe(`${name} machine model`, () => {
    const model = explore(opts);

    it('has a fixture for every reachable state', () => {
      const fixtureStates = new Set(Object.values(opts.fixtures).map(byValue));
      const reached = [...new Set(model.paths.map((p) => model.key(p.state as SnapshotFrom<M>)))];
      expect(reached.filter((s) => !fixtureStates.has(s))).toEqual([]);
    });

    it.each(model.paths.map((p) => [model.key(p.state as SnapshotFrom<M>), p] as const))(
      'path to %s replays on a real actor',
      (_, path) => {
        const actor = replay(
          opts.fresh(),
          opts.input,
          path.steps.slice(1).map((s) => s.event as EventFromLogic<M>),
        );
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        expect(snapshot.value).toEqual((path.state as AnyMachineSnapshot).value);
        opts.invariant?.(snapshot as SnapshotFrom<M>);
        actor.stop();
      },
    );

    it.each(
      model.transitions.map(
        (t) => [`${model.key(t.state)} --${t.event.type}--> ${model.key(t.nextState)}`, t] as const,
      ),
    )('%s', (_, t) => {
      const actor = replay(opts.fresh(), opts.input, [...model.eventsTo(t.state), t.event]);
      expect((actor.getSnapshot() as AnyMachineSnapshot).value).toEqual((t.nextState as AnyMachineSnapshot).value);
      actor.stop();
    });
  });
}
