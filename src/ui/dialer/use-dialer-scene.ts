import { useEffect, useState } from 'react';
import { type ActorRefFrom, createActor, fromPromise, type Snapshot } from 'xstate';
import { callMachine } from '../../machines/call/call.machine';
import { type DialerMachine, dialerMachine } from '../../machines/dialer/dialer.machine';
import { callActorId } from '../../machines/dialer/dialer.rules';
import { type InterceptionMachine, interceptionMachine } from '../../machines/interception/interception.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import {
  type SipRegistrationMachine,
  sipRegistrationMachine,
} from '../../machines/sip-registration/sip-registration.machine';
import { freeze, frozenActor } from '../storybook/frozen-actors';
import { noteHydrated } from '../storybook/story-log';
import { type DialerScene, isRemoved } from './dialer-scenes';

const never = () => new Promise<never>(() => {});

/** Dialer actions that only change its own context: kept, so a story or test can type and click. */
const PURE_DIALER = [
  'pressKey',
  'setKeypad',
  'backspace',
  'setSearch',
  'select',
  'setDoor',
  'togglePanel',
  'setPanel',
  'setLeft',
  'fillLastDialed',
  'setPending',
  'clearPending',
  'clearReturn',
];

/** A frozen dialer whose children (calls, lists) are frozen machines, so a persisted scene restores them. */
export function frozenDialerMachine() {
  return freeze(dialerMachine, { keep: PURE_DIALER }).provide({
    actors: {
      call: freeze(callMachine, { keep: ['toggleMute', 'setVolume', 'toggleVideo'] }),
      contacts: freeze(loaderMachine),
      recents: freeze(loaderMachine),
      doorDevices: freeze(loaderMachine),
      loadWaitingCalls: fromPromise(never),
      openDoor: fromPromise(never),
    },
  } as never) as DialerMachine;
}

type Persisted = { children: Record<string, { snapshot: Snapshot<unknown>; src: string }> } & Record<string, unknown>;

/** The scene as one persisted dialer snapshot with its children (a removed call has none). */
export function persistedScene(scene: DialerScene): Persisted {
  const snapshot = dialerMachine.getPersistedSnapshot(scene.dialer) as unknown as Persisted;
  const child = (src: string, logic: { getPersistedSnapshot: (s: never) => unknown }, s: unknown) => ({
    snapshot: logic.getPersistedSnapshot(s as never) as Snapshot<unknown>,
    src,
  });
  snapshot.children = {
    contacts: child('contacts', loaderMachine, scene.contacts),
    recents: child('recents', loaderMachine, scene.recents),
    doorDevices: child('doorDevices', loaderMachine, scene.doors),
    ...Object.fromEntries(
      scene.calls
        .filter((c) => !isRemoved(c))
        .map((c) => [callActorId(c.context.speechId), child('call', callMachine, c)]),
    ),
  };
  return snapshot;
}

/** The actors of a scene. */
export interface SceneRefs {
  dialerRef: ActorRefFrom<DialerMachine>;
  registrationRef: ActorRefFrom<SipRegistrationMachine>;
  interceptionRef?: ActorRefFrom<InterceptionMachine>;
}

/** Builds frozen actors for a scene (callers stop them). */
export function sceneActors(scene: DialerScene): SceneRefs & { stop: () => void } {
  noteHydrated(scene.dialer, scene.contacts, scene.recents, scene.doors, ...scene.calls);
  const dialerRef = createActor(frozenDialerMachine(), {
    snapshot: persistedScene(scene),
  } as never).start() as ActorRefFrom<DialerMachine>;
  const registrationRef = frozenActor(sipRegistrationMachine, scene.registration);
  const interceptionRef = scene.interception
    ? frozenActor(interceptionMachine, scene.interception, { keep: ['toggleGroup'] })
    : undefined;
  return {
    dialerRef,
    registrationRef,
    interceptionRef,
    stop: () => {
      dialerRef.stop();
      registrationRef.stop();
      interceptionRef?.stop();
    },
  };
}

/** Frozen actors of a scene for the lifetime of a story component. */
export function useDialerScene(scene: DialerScene): SceneRefs {
  const [actors] = useState(() => sceneActors(scene));
  useEffect(() => () => actors.stop(), [actors]);
  return actors;
}
