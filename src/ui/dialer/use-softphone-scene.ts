import { useEffect, useState } from 'react';
import { type ActorRefFrom, createActor, type Snapshot, type SnapshotFrom } from 'xstate';
import { interceptionMachine } from '../../machines/interception/interception.machine';
import { sipRegistrationMachine } from '../../machines/sip-registration/sip-registration.machine';
import { type SoftphoneMachine, softphoneMachine } from '../../machines/softphone/softphone.machine';
import { freeze } from '../storybook/frozen-actors';
import { noteHydrated } from '../storybook/story-log';
import type { DialerScene } from './dialer-scenes';
import { frozenDialerMachine, persistedScene } from './use-dialer-scene';

type Persisted = { children: Record<string, { snapshot: Snapshot<unknown>; src: string }> } & Record<string, unknown>;

/** The ids the softphone's state invokes (none when unavailable), read from the machine itself. */
function invokedIn(snapshot: SnapshotFrom<SoftphoneMachine>): string[] {
  return snapshot._nodes.flatMap((node) => node.invoke.map((invoke) => invoke.id));
}

/**
 * A frozen softphone hydrated from a fixture, with the children its state runs
 * (the dialer, the registration, interception) restored from a dialer scene.
 */
function softphoneActor(snapshot: SnapshotFrom<SoftphoneMachine>, scene: DialerScene) {
  const invoked = invokedIn(snapshot);
  const persisted = softphoneMachine.getPersistedSnapshot(snapshot) as unknown as Persisted;
  const children: Persisted['children'] = {
    dialer: { snapshot: persistedScene(scene) as unknown as Snapshot<unknown>, src: 'dialer' },
    sipRegistration: {
      snapshot: sipRegistrationMachine.getPersistedSnapshot(scene.registration) as Snapshot<unknown>,
      src: 'sipRegistration',
    },
  };
  if (scene.interception)
    children.interception = {
      snapshot: interceptionMachine.getPersistedSnapshot(scene.interception) as Snapshot<unknown>,
      src: 'interception',
    };
  persisted.children = Object.fromEntries(Object.entries(children).filter(([id]) => invoked.includes(id)));
  noteHydrated(snapshot, ...(invoked.length ? [scene.dialer, scene.registration, ...scene.calls] : []));
  if (invoked.includes('interception')) noteHydrated(scene.interception);
  const machine = freeze(softphoneMachine).provide({
    actors: {
      dialer: frozenDialerMachine(),
      sipRegistration: freeze(sipRegistrationMachine),
      interception: freeze(interceptionMachine, { keep: ['toggleGroup'] }),
    },
  } as never);
  return createActor(machine, { snapshot: persisted } as never).start() as ActorRefFrom<SoftphoneMachine>;
}

/** A frozen softphone and its children for the lifetime of a story component. */
export function useSoftphoneScene(snapshot: SnapshotFrom<SoftphoneMachine>, scene: DialerScene) {
  const [actor] = useState(() => softphoneActor(snapshot, scene));
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}
