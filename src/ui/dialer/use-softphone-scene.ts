import { useEffect, useState } from 'react';
import { type ActorRefFrom, type AnyActorLogic, createActor, type Snapshot, type SnapshotFrom } from 'xstate';
import { interceptionMachine } from '../../machines/interception/interception.machine';
import { sipRegistrationMachine } from '../../machines/sip-registration/sip-registration.machine';
import { type SoftphoneMachine, softphoneMachine } from '../../machines/softphone/softphone.machine';
import { freeze } from '../storybook/frozen-actors';
import { noteHydrated } from '../storybook/story-log';
import type { DialerScene } from './dialer-scenes';
import { frozenDialerMachine, persistedScene } from './use-dialer-scene';

type Persisted = { children: Record<string, { snapshot: Snapshot<unknown>; src: AnyActorLogic }> } & Record<
  string,
  unknown
>;

/** The children the softphone's state runs (none while unavailable, loading or failed). */
function runningIn(snapshot: SnapshotFrom<SoftphoneMachine>): string[] {
  if (snapshot.matches('withInterception')) return ['dialer', 'sipRegistration', 'interception'];
  return snapshot.matches('running') ? ['dialer', 'sipRegistration'] : [];
}

/**
 * A frozen softphone hydrated from a fixture, with the children its state runs
 * (the dialer, the registration, interception) restored from a dialer scene.
 * The softphone spawns them from logic it loads, so each is restored with its
 * (frozen) logic rather than a name.
 */
function softphoneActor(snapshot: SnapshotFrom<SoftphoneMachine>, scene: DialerScene) {
  const running = runningIn(snapshot);
  const persisted = softphoneMachine.getPersistedSnapshot(snapshot) as unknown as Persisted;
  const children: Persisted['children'] = {
    dialer: { snapshot: persistedScene(scene) as unknown as Snapshot<unknown>, src: frozenDialerMachine() },
    sipRegistration: {
      snapshot: sipRegistrationMachine.getPersistedSnapshot(scene.registration) as Snapshot<unknown>,
      src: freeze(sipRegistrationMachine),
    },
  };
  if (scene.interception)
    children.interception = {
      snapshot: interceptionMachine.getPersistedSnapshot(scene.interception) as Snapshot<unknown>,
      src: freeze(interceptionMachine, { keep: ['toggleGroup'] }),
    };
  persisted.children = Object.fromEntries(Object.entries(children).filter(([id]) => running.includes(id)));
  noteHydrated(snapshot, ...(running.length ? [scene.dialer, scene.registration, ...scene.calls] : []));
  if (running.includes('interception')) noteHydrated(scene.interception);
  return createActor(freeze(softphoneMachine), {
    snapshot: persisted,
  } as never).start() as ActorRefFrom<SoftphoneMachine>;
}

/** A frozen softphone and its children for the lifetime of a story component. */
export function useSoftphoneScene(snapshot: SnapshotFrom<SoftphoneMachine>, scene: DialerScene) {
  const [actor] = useState(() => softphoneActor(snapshot, scene));
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}
