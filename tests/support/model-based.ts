import * as vitest from 'vitest';
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type PromiseActorLogic,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';

/**
 * Model-based testing (tests/README.md). The graph of a machine whose effects are
 * never-settling stubs is explored with an explicit event list (including the
 * synthetic done/error/after events); each generated path is then replayed
 * step by step on a real actor that records the effects the machine requests,
 * and after every step the suite's invariants (functions of the snapshot) and
 * effect rules (functions of before, event, after and effects) must hold.
 * Nothing compares the actor with the state the graph computed: the graph only
 * chooses which event sequences to try.
 */
export interface ModelOptions<M extends AnyStateMachine> {
  /** The machine with stub effects (never-settling actors, quiet parent-bound actions). */
  machine: M;
  events: EventFromLogic<M>[];
  input?: InputFrom<M>;
  /** How states are told apart; defaults to the state value. Finer keys give more paths. */
  serialize?: (s: SnapshotFrom<M>) => string;
  /** Which events to offer in a state (default: all that make sense there). */
  offer?: (s: SnapshotFrom<M>, event: EventFromLogic<M>) => boolean;
}

export const byValue = (s: { value: unknown }) => JSON.stringify(s.value);

/** A delayed event on the actor system's clock. */
export interface Timer {
  event: AnyEventObject;
  /** `self` when the machine sent it to itself, else the target actor's id. */
  to: string;
  delay: number;
  id: string;
}

/** What the machine asked for during one step (or its start). */
export interface Effects {
  /** Named actions the machine ran (built-in ones show up below, as what they did). */
  actions: { type: string; params: unknown }[];
  /** Children started (invoked or spawned): id, implementation name and input. */
  started: { id: string; src: string; input: unknown }[];
  /** Children stopped (by leaving their state or by stopChild). */
  stopped: { id: string; src: string }[];
  /** Events sent now to other actors (children, system actors). */
  sent: { to: string; event: AnyEventObject }[];
  /** Delayed events put on the clock. */
  scheduled: Timer[];
  /** Delayed events taken off the clock before they fired. */
  cancelled: Timer[];
  /** Events emitted to the actor's listeners. */
  emitted: AnyEventObject[];
}

/** Events only the actor system sends: start, settled children, timers. */
export type SyntheticEvent = { type: `xstate.${string}`; output?: unknown; error?: unknown };

export interface ModelStep<M extends AnyStateMachine> {
  /** Null for the start of the actor. */
  before: SnapshotFrom<M> | null;
  /** `xstate.init` for the start; synthetic events (done, error, after) carry their own payloads. */
  event: EventFromLogic<M> | SyntheticEvent;
  after: SnapshotFrom<M>;
  effects: Effects;
  /** Delayed events still pending after the step. */
  pending: Timer[];
  /** The event was a timer of the actor's own clock that fired (not sent from outside). */
  timed: boolean;
  /** Earlier steps of the same replay, oldest first. */
  history: readonly ModelStep<M>[];
}

export type Invariant<M extends AnyStateMachine> = (s: SnapshotFrom<M>) => void;
export type EffectRule<M extends AnyStateMachine> = (step: ModelStep<M>) => void;

const AFTER = /^xstate\.after\.[^.]+\.(.+)$/;
const CHILD_SETTLED = /^xstate\.(done|error)\.actor\.(.+)$/;

/** Events that make sense in a state: settlements only from running children, timers only of active states, nothing once done. */
function eventsFor<M extends AnyStateMachine>(
  events: EventFromLogic<M>[],
  offer: ModelOptions<M>['offer'] = () => true,
) {
  return (s: SnapshotFrom<M>) => {
    const snapshot = s as AnyMachineSnapshot;
    if (snapshot.status === 'done') return [];
    return events.filter((e) => {
      if (!offer(s, e)) return false;
      const child = CHILD_SETTLED.exec(e.type)?.[2];
      if (child !== undefined) return child in snapshot.children;
      const node = AFTER.exec(e.type)?.[1];
      if (node !== undefined) return snapshot._nodes.some((n) => n.id === node);
      return true;
    });
  };
}

/** A replayable path: the events after the start, and the key of the state it ends in. */
export interface ModelPath<M extends AnyStateMachine> {
  key: string;
  value: unknown;
  events: EventFromLogic<M>[];
}

/**
 * Shortest paths to every state of the graph, and for each state the events of
 * its edges, so that replaying `path + edge` exercises every edge once.
 */
export function explore<M extends AnyStateMachine>(opts: ModelOptions<M>) {
  const key = (s: SnapshotFrom<M>) => (opts.serialize ?? byValue)(s);
  const traversal = { events: eventsFor<M>(opts.events, opts.offer), input: opts.input, serializeState: key } as never;
  const adjacency = getAdjacencyMap(opts.machine, traversal) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventFromLogic<M> }> }
  >;
  const paths: ModelPath<M>[] = getShortestPaths(opts.machine, traversal).map((p) => ({
    key: key(p.state as SnapshotFrom<M>),
    value: (p.state as AnyMachineSnapshot).value,
    events: p.steps.slice(1).map((step) => step.event as EventFromLogic<M>),
  }));
  const edges = (path: ModelPath<M>) =>
    Object.values(adjacency[path.key]?.transitions ?? {}).map((t) => t.event as EventFromLogic<M>);
  return { paths, edges, key };
}

const describeEvent = (e: AnyEventObject) => {
  const { type, ...rest } = e;
  const payload = JSON.stringify(rest);
  return payload === '{}' ? type : `${type} ${payload.length > 80 ? `${payload.slice(0, 77)}...` : payload}`;
};

const sameEvent = (a: AnyEventObject, b: AnyEventObject) => JSON.stringify(a) === JSON.stringify(b);

interface ScheduledEntry {
  source: AnyActorRef;
  target: AnyActorRef;
  event: AnyEventObject;
  delay: number;
  id: string;
}

type ActorInternals = AnyActorRef & {
  _parent?: AnyActorRef;
  src: unknown;
  options: { input?: unknown };
  system: { _snapshot: { _scheduledEvents: Record<string, ScheduledEntry> } };
};

const emptyEffects = (): Effects => ({
  actions: [],
  started: [],
  stopped: [],
  sent: [],
  scheduled: [],
  cancelled: [],
  emitted: [],
});

/**
 * A started actor of the machine whose requested effects are recorded step by
 * step. Its clock never advances by itself: a timer fires only when a step
 * delivers it (so a path decides exactly which timers fire, and when).
 */
export function recordedActor<M extends AnyStateMachine>(machine: M, input: InputFrom<M> | undefined) {
  let root: ActorInternals | undefined;
  let effects = emptyEffects();
  const timers = new Map<ScheduledEntry, () => void>();
  let failure: unknown = null;

  const scheduledEntries = () => Object.values(root?.system._snapshot._scheduledEvents ?? {});
  const asTimer = (e: ScheduledEntry): Timer => ({
    event: e.event,
    to: e.target === root ? 'self' : e.target.id,
    delay: e.delay,
    id: e.id,
  });
  const ours = () => scheduledEntries().filter((e) => e.source === root);

  const clock = {
    setTimeout: (fn: () => void) => {
      // The scheduler files the event, then asks the clock: the one entry without a timer is this one.
      const entry = scheduledEntries().find((e) => !timers.has(e));
      if (entry) timers.set(entry, fn);
      return entry;
    },
    clearTimeout: (entry: ScheduledEntry | undefined) => {
      if (entry) timers.delete(entry);
    },
  };

  let created: AnyActorRef[] = [];
  const inspect = (ev: InspectionEvent) => {
    const ref = ev.actorRef as ActorInternals;
    if (ev.type === '@xstate.actor') {
      if (!root && ref._parent === undefined) root = ref;
      else if (ref._parent === root) {
        created.push(ref);
        effects.started.push({ id: ref.id, src: String(ref.src), input: ref.options.input });
      }
    } else if (ev.type === '@xstate.action') {
      if (ref === root && !ev.action.type.startsWith('xstate.'))
        effects.actions.push({ type: ev.action.type, params: ev.action.params });
    } else if (ev.type === '@xstate.event') {
      if (ev.sourceRef === root && ref !== root && ev.event.type !== 'xstate.init')
        effects.sent.push({ to: ref.id, event: ev.event });
    }
  };

  const actor = createActor(machine, { input, inspect, clock } as never);
  actor.subscribe({
    error: (err) => {
      failure = err;
    },
  });
  actor.on('*', (e) => void effects.emitted.push(e as AnyEventObject));

  const history: ModelStep<M>[] = [];
  const children = (s: AnyMachineSnapshot | null) =>
    new Set(
      Object.values((s?.children ?? {}) as Record<string, AnyActorRef | undefined>).filter(
        (ref): ref is AnyActorRef => ref !== undefined,
      ),
    );

  function record(
    before: SnapshotFrom<M> | null,
    event: ModelStep<M>['event'],
    timed: boolean,
    act: () => ScheduledEntry | null,
  ) {
    // The start keeps what creating the actor recorded (children made with the initial state).
    if (before !== null) {
      effects = emptyEffects();
      created = [];
    }
    const pendingBefore = new Set(ours());
    const childrenBefore = children(before as AnyMachineSnapshot | null);
    const fired = act();
    const after = actor.getSnapshot() as SnapshotFrom<M>;
    const childrenAfter = children(after as AnyMachineSnapshot);
    const pendingAfter = ours();
    for (const ref of new Set([...childrenBefore, ...created])) {
      const internals = ref as ActorInternals;
      if (!childrenAfter.has(ref) && ref.getSnapshot().status === 'stopped')
        effects.stopped.push({ id: ref.id, src: String(internals.src) });
    }
    effects.scheduled = pendingAfter.filter((e) => !pendingBefore.has(e)).map(asTimer);
    effects.cancelled = [...pendingBefore].filter((e) => e !== fired && !pendingAfter.includes(e)).map(asTimer);
    const step: ModelStep<M> = {
      before,
      event,
      after,
      effects,
      pending: pendingAfter.map(asTimer),
      timed,
      history: [...history],
    };
    history.push(step);
    return step;
  }

  const start = record(null, { type: 'xstate.init' }, false, () => {
    actor.start();
    return null;
  });

  return {
    actor,
    start,
    /** Delivers an event: a pending timer of the same event fires, anything else is sent. */
    step(event: EventFromLogic<M>): ModelStep<M> {
      const before = actor.getSnapshot() as SnapshotFrom<M>;
      const settled = CHILD_SETTLED.exec(event.type);
      const child = settled
        ? ((before as AnyMachineSnapshot).children as Record<string, (AnyActorRef & { logic: object }) | undefined>)[
            settled[2] ?? ''
          ]
        : undefined;
      if (settled && child && settleable.has(child.logic) && child.getSnapshot().status === 'active') {
        const payload = event as { output?: unknown; error?: unknown };
        return record(before, event, false, () => {
          child.send({ type: SETTLE, failed: settled[1] === 'error', output: payload.output, error: payload.error });
          return null;
        });
      }
      const entry = ours().find((e) => e.target === root && sameEvent(e.event, event));
      if (!entry && AFTER.test(event.type))
        throw new Error(`the path waits for ${event.type}, but the actor has no such timer pending`);
      return record(before, event, entry !== undefined, () => {
        if (entry) {
          const fire = timers.get(entry);
          if (!fire) throw new Error(`no clock timer for ${event.type}`);
          timers.delete(entry);
          fire();
          return entry;
        }
        actor.send(event);
        return null;
      });
    },
    failure: () => failure,
    stop: () => actor.stop(),
  };
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

const SETTLE = 'model.settle';
type Settle = { type: typeof SETTLE; failed: boolean; output?: unknown; error?: unknown };
type StubSnapshot = { status: 'active' | 'done' | 'error'; output: unknown; error: unknown; input: unknown };
const settleable = new WeakSet<object>();

/**
 * A request stub that runs until the path settles it: the harness delivers a
 * path's `xstate.done.actor.<id>` / `xstate.error.actor.<id>` by finishing the
 * child (so it ends as a real request would, and the parent hears it from the
 * child). Sent from outside (hand-written tests), those events work as well.
 */
// biome-ignore lint/suspicious/noExplicitAny: a stub that never settles by itself fits every output and input type.
export const pendingActor = (): PromiseActorLogic<any, any> => {
  const logic = {
    config: never,
    transition: (snapshot: StubSnapshot, event: { type: string }): StubSnapshot => {
      if (event.type !== SETTLE || snapshot.status !== 'active') return snapshot;
      const settle = event as Settle;
      return settle.failed
        ? { ...snapshot, status: 'error', error: settle.error }
        : { ...snapshot, status: 'done', output: settle.output };
    },
    getInitialSnapshot: (_: unknown, input: unknown): StubSnapshot => ({
      status: 'active',
      output: undefined,
      error: undefined,
      input,
    }),
    getPersistedSnapshot: (snapshot: StubSnapshot) => snapshot,
    restoreSnapshot: (snapshot: StubSnapshot) => snapshot,
  };
  settleable.add(logic);
  return logic as never;
};

/** No-op implementations for named actions: they are recorded by name and params, and do nothing. */
export const quietActions = <const K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, () => {}])) as Record<K, () => void>;

/** Named actions of a step with this type (their params, in order). */
export const calls = (step: { effects: Effects }, type: string) =>
  step.effects.actions.filter((a) => a.type === type).map((a) => a.params);
/** Inputs of the children a step started with this id. */
export const starts = (step: { effects: Effects }, id: string) =>
  step.effects.started.filter((s) => s.id === id).map((s) => s.input);
/** Inputs of the children a step started from this implementation (spawned ones with their own ids). */
export const startsOf = (step: { effects: Effects }, src: string) =>
  step.effects.started.filter((s) => s.src === src).map((s) => s.input);
/** Events a step sent to the actor with this id. */
export const sends = (step: { effects: Effects }, to: string) =>
  step.effects.sent.filter((s) => s.to === to).map((s) => s.event);
/** Whether a step stopped a child with this id. */
export const stops = (step: { effects: Effects }, id: string) => step.effects.stopped.some((s) => s.id === id);
/** Timers with this event type (scheduled in a step, or pending after it). */
export const timersOf = (timers: Timer[], type: string) => timers.filter((t) => t.event.type === type);
/** The step moved the machine (its state value changed). */
export const moved = (step: { before: { value: unknown } | null; after: { value: unknown } }) =>
  step.before === null || byValue(step.before) !== byValue(step.after);

function checked<M extends AnyStateMachine>(
  step: ModelStep<M>,
  failure: unknown,
  invariants: Record<string, Invariant<M>>,
  rules: Record<string, EffectRule<M>>,
  exercised: Map<string, number>,
) {
  const where = () =>
    [...step.history.map((s) => s.event), step.event]
      .slice(1)
      .map((e) => describeEvent(e as AnyEventObject))
      .join(' → ') || '(start)';
  const run = (label: string, fn: () => void) => {
    const before = vitest.expect.getState().assertionCalls;
    try {
      fn();
      exercised.set(label, (exercised.get(label) ?? 0) + vitest.expect.getState().assertionCalls - before);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${label}\n  after: ${where()}\n  ${message}`, { cause: error });
    }
  };
  run('the actor keeps running', () => {
    vitest.expect(failure).toBeNull();
    vitest.expect((step.after as AnyMachineSnapshot).status).not.toBe('error');
  });
  for (const [name, invariant] of Object.entries(invariants)) run(`invariant: ${name}`, () => invariant(step.after));
  for (const [name, rule] of Object.entries(rules)) run(`effect rule: ${name}`, () => rule(step));
}

/**
 * How often each invariant and rule asserted something, over the models that share it (one machine
 * explored from several inputs shares one tally: a rule about read-only forms is put to the test by
 * the read-only model only). `expectAllExercised()` adds the test that says so; call it after them.
 */
export function ruleCoverage() {
  const exercised = new Map<string, number>();
  const declared = new Set<string>();
  return {
    exercised,
    declare(labels: string[]) {
      for (const label of labels) declared.add(label);
    },
    expectAllExercised() {
      // Runs after the state tests: a rule whose condition no generated step meets would pass while checking nothing.
      vitest.it('every invariant and effect rule was put to the test', () => {
        vitest.expect([...declared].filter((label) => !exercised.get(label))).toEqual([]);
      });
    },
  };
}

/**
 * The standard model-based suite of a machine: every reachable state has a
 * fixture (stories show every state), and for every state one test replays
 * the shortest path to it and then each of its edges on fresh actors, checking
 * the invariants and effect rules after every step. Tests are named after the
 * state the path ends in.
 */
export function describeModel<M extends AnyStateMachine>(
  name: string,
  opts: ModelOptions<M> & {
    fixtures: Record<string, { value: unknown }>;
    invariants?: Record<string, Invariant<M>>;
    rules?: Record<string, EffectRule<M>>;
    /** Shared with the other models of the same machine (see ruleCoverage); default: this model's own. */
    coverage?: ReturnType<typeof ruleCoverage>;
  },
) {
  const { describe, expect, it } = vitest;
  const invariants = opts.invariants ?? {};
  const rules = opts.rules ?? {};
  describe(`${name} machine model`, () => {
    const model = explore(opts);
    const coverage = opts.coverage ?? ruleCoverage();
    coverage.declare([
      ...Object.keys(invariants).map((n) => `invariant: ${n}`),
      ...Object.keys(rules).map((n) => `effect rule: ${n}`),
    ]);
    const check = (step: ModelStep<M>, failure: unknown) =>
      checked(step, failure, invariants, rules, coverage.exercised);

    it('has a fixture for every reachable state', () => {
      const fixtureStates = new Set(Object.values(opts.fixtures).map(byValue));
      const reached = [...new Set(model.paths.map((p) => JSON.stringify(p.value)))];
      expect(reached.filter((s) => !fixtureStates.has(s))).toEqual([]);
    });

    it.each(model.paths.map((p) => [p.key, p] as const))('%s: the path and every edge keep the rules', (_, path) => {
      // The path itself, checked at every step (the start included).
      const run = recordedActor(opts.machine, opts.input);
      check(run.start, run.failure());
      for (const event of path.events) check(run.step(event), run.failure());
      run.stop();
      // Each edge from the end state, on a fresh actor: the prefix was checked above.
      for (const edge of model.edges(path)) {
        const fresh = recordedActor(opts.machine, opts.input);
        for (const event of path.events) fresh.step(event);
        check(fresh.step(edge), fresh.failure());
        fresh.stop();
      }
    });

    if (!opts.coverage) coverage.expectAllExercised();
  });
}
