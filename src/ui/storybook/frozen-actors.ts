import {
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyStateMachine,
  createActor,
  fromPromise,
  type SnapshotFrom,
} from 'xstate';
import { alertsFixtures } from '../../machines/alerts/alerts.fixtures';
import type { AlertsMachine } from '../../machines/alerts/alerts.machine';
import { alertsMachine } from '../../machines/alerts/alerts.machine';
import { appFixtures } from '../../machines/app/app.fixtures';
import { type AppMachine, appMachine } from '../../machines/app/app.machine';
import { conversationThreadMachine } from '../../machines/conversation-thread/conversation-thread.machine';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { generateGroupsMachine } from '../../machines/generate-groups/generate-groups.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { notificationListMachine } from '../../machines/notification-list/notification-list.machine';
import { passwordFormMachine } from '../../machines/password-form/password-form.machine';
import { pickerMachine } from '../../machines/picker/picker.machine';
import { pollAnswerMachine } from '../../machines/poll-answer/poll-answer.machine';
import { profileFormMachine } from '../../machines/profile-form/profile-form.machine';
import { publicFormMachine } from '../../machines/public-form/public-form.machine';
import { sessionFixtures } from '../../machines/session/session.fixtures';
import { type SessionMachine, sessionMachine } from '../../machines/session/session.machine';
import { structureImportMachine } from '../../machines/structure-import/structure-import.machine';
import type { EntityKit } from '../../services/entity-registry';
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

/** Entity machines that never load anything (their pages stay loading). */
function stubEntityKit(): EntityKit {
  return {
    list: freeze(entityListMachine),
    form: freeze(entityFormMachine),
    picker: freeze(pickerMachine),
    labels: () => freeze(loaderMachine),
  };
}

/** Page machines that never load anything: pages made from them stay in their first state. */
export function createStubPageMachines(): PageMachines {
  return {
    profileForm: freeze(profileFormMachine),
    passwordForm: freeze(passwordFormMachine),
    homeCounts: freeze(loaderMachine),
    terms: () => freeze(loaderMachine),
    entities: {
      users: stubEntityKit(),
      roles: stubEntityKit(),
      markers: stubEntityKit(),
      domains: stubEntityKit(),
      domainTypes: stubEntityKit(),
      sipNumbers: stubEntityKit(),
      forwardRuleSets: stubEntityKit(),
      forwardGroups: stubEntityKit(),
      sipTrunks: stubEntityKit(),
      callHistory: stubEntityKit(),
      conversations: stubEntityKit(),
      conversationRecipients: stubEntityKit(),
      announces: stubEntityKit(),
      announceResponses: stubEntityKit(),
      emergencyAlerts: stubEntityKit(),
      alertDevices: stubEntityKit(),
    },
    communications: {
      conversationThread: freeze(conversationThreadMachine),
      pollAnswer: freeze(pollAnswerMachine),
      announceCommands: { start: freeze(entityFormMachine), stop: freeze(entityFormMachine) },
      alertCommands: { start: freeze(entityFormMachine), stop: freeze(entityFormMachine) },
    },
    userCommands: {
      password: freeze(entityFormMachine),
      avatar: freeze(entityFormMachine),
      removeAvatar: freeze(entityFormMachine),
      invite: freeze(entityFormMachine),
    },
    markerApply: freeze(entityFormMachine),
    structureImport: freeze(structureImportMachine),
    structureExport: () => freeze(loaderMachine),
    generateGroups: freeze(generateGroupsMachine),
    notifications: { list: freeze(notificationListMachine), settingsForm: freeze(entityFormMachine) },
    accountForms: {
      recovery: freeze(publicFormMachine),
      reset: () => freeze(publicFormMachine),
      registration: () => freeze(publicFormMachine),
      selfRegistration: freeze(publicFormMachine),
      confirm: () => freeze(publicFormMachine),
    },
  };
}
