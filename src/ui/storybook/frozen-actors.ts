import {
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyStateMachine,
  createActor,
  fromPromise,
  type SnapshotFrom,
  StateMachine,
} from 'xstate';
import { alertsFixtures } from '../../machines/alerts/alerts.fixtures';
import type { AlertsMachine } from '../../machines/alerts/alerts.machine';
import { alertsMachine } from '../../machines/alerts/alerts.machine';
import { appFixtures } from '../../machines/app/app.fixtures';
import { type AppMachine, appMachine } from '../../machines/app/app.machine';
import { sessionFixtures } from '../../machines/session/session.fixtures';
import { type SessionMachine, sessionMachine } from '../../machines/session/session.machine';
import { composeIdleAreas } from '../../services/areas/areas';
import type { ActorRefs, PageMachines } from '../app/actor-context';
import { noteHydrated } from './story-log';

const never = () => new Promise<never>(() => {});
const noop = () => {};

/** How to freeze a machine. */
export interface FreezeOptions {
  /** Named actions kept as written besides the `assign`s (which always are), e.g. a pure `enqueueActions`. */
  keep?: readonly string[];
  /** Replacement implementations for named actions (e.g. a test's `applyLocale`). */
  actions?: Record<string, (...args: never[]) => void>;
}

/** A named `assign`: it only changes the actor's own context. */
const isAssign = (action: unknown) =>
  typeof action === 'function' && (action as { type?: unknown }).type === 'xstate.assign';

/**
 * The machine with every named actor replaced by a promise that never settles
 * and every named action (effects, sendTo, timers) by a no-op, except `keep`
 * and the `assign`s (machines name them all, and a story may still type and click).
 * Nothing it does can reach the network, storage or another actor.
 */
export function freeze<M extends AnyStateMachine>(machine: M, options: FreezeOptions = {}): M {
  const { actors = {}, actions = {} } = machine.implementations as {
    actors?: Record<string, AnyActorLogic>;
    actions?: Record<string, unknown>;
  };
  const stubActors = Object.fromEntries(Object.keys(actors).map((name) => [name, fromPromise(never)]));
  const stubActions = Object.fromEntries(
    Object.keys(actions)
      .filter((name) => !options.keep?.includes(name) && !isAssign(actions[name]))
      .map((name) => [name, noop]),
  );
  return machine.provide({ actors: stubActors, actions: { ...stubActions, ...options.actions } } as never) as M;
}

/**
 * A started actor hydrated from a fixture snapshot. Hydration runs neither
 * entry actions nor invocations, and the frozen machine has no effects, so a
 * story or test can render it and even send it events safely.
 */
export function frozenActor<M extends AnyStateMachine>(
  machine: M,
  snapshot: SnapshotFrom<M>,
  options: FreezeOptions & { systemId?: string } = {},
): ActorRefFrom<M> {
  noteHydrated(snapshot);
  const actor = createActor(freeze(machine, options), { snapshot, systemId: options.systemId } as never);
  return actor.start() as unknown as ActorRefFrom<M>;
}

/** Fixture snapshots for the root actor and its singletons. */
export interface StoryActors {
  app?: SnapshotFrom<AppMachine>;
  session?: SnapshotFrom<SessionMachine>;
  alerts?: SnapshotFrom<AlertsMachine>;
}

/**
 * Frozen app, session and alerts actors for the ActorProvider (defaults: a
 * logged-in admin, no alerts). The app actor gets systemId `app` so floating
 * buttons addressed to it are delivered.
 */
export function createStoryRefs(fixtures: StoryActors = {}, appActions?: FreezeOptions['actions']): ActorRefs {
  return {
    app: frozenActor(appMachine, fixtures.app ?? appFixtures.loggedIn, { systemId: 'app', actions: appActions }),
    session: frozenActor(sessionMachine, fixtures.session ?? sessionFixtures.ready),
    alerts: frozenActor(alertsMachine, fixtures.alerts ?? alertsFixtures.empty, { keep: ['add', 'remove'] }),
  };
}

/** A whole tree of page machines (machines, factories of machines, groups of them) with every machine frozen. */
function freezeAll<T>(value: T): T;
function freezeAll(value: unknown): unknown {
  if (value instanceof StateMachine) return freeze(value);
  if (typeof value === 'function') return (...args: unknown[]) => freezeAll(value(...args));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, part]) => [key, freezeAll(part)]));
  }
  return value;
}

/**
 * Page machines that never load anything: pages made from them stay in their
 * first state. They are every area's machines (src/services/areas), built over
 * a transport that never answers and then frozen, so a new area needs no stub.
 */
export function createStubPageMachines(): PageMachines {
  return freezeAll(composeIdleAreas());
}
