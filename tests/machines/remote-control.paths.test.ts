import { describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { remoteControlFixtures, sampleSession } from '../../src/machines/remote-control/remote-control.fixtures';
import {
  type RemoteControlEvent,
  type RemoteControlInput,
  remoteControlMachine,
} from '../../src/machines/remote-control/remote-control.machine';
import { selectRefusal } from '../../src/machines/remote-control/remote-control.selectors';
import { calls, describeModel, type ModelStep, pendingActor, replay, starts, timersOf } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = remoteControlMachine.provide({
    actors: { open: pendingActor(), command: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const offline = { code: 'device offline, cannot connect', status: 409 };
const notMqtt = { code: 'protocol not mqtt, cannot connect', status: 409 };
const gone = { code: 'item not found', status: 404 };
const other = { code: 'cannot perform action', status: 400 };
const fresh = { ...sampleSession, screen: 'call' };
const events = [
  { type: 'command', command: 'relay.open', relay: 1 },
  { type: 'command', command: 'call.button', button: 2 },
  { type: 'command', command: 'screen.state' },
  { type: 'close' },
  { type: 'retry' },
  { type: 'xstate.done.actor.open', output: sampleSession },
  { type: 'xstate.error.actor.open', error: offline },
  { type: 'xstate.error.actor.open', error: notMqtt },
  { type: 'xstate.error.actor.open', error: other },
  { type: 'xstate.done.actor.command', output: fresh },
  { type: 'xstate.error.actor.command', error: gone },
  { type: 'xstate.error.actor.command', error: offline },
  { type: 'xstate.error.actor.command', error: other },
  { type: 'xstate.after.idle.remoteControl.active' },
] as unknown as RemoteControlEvent[];

type M = typeof remoteControlMachine;
type Snapshot = SnapshotFrom<M>;

const invariants = {
  'a session is held while one is open, none once it ended': (s: Snapshot) => {
    if (s.matches('active') || s.matches('commanding') || s.matches('closing') || s.matches('resuming'))
      expect(s.context.session).not.toBeNull();
    if (s.matches('opening') || s.matches('closed') || s.matches('expired') || s.matches('refused'))
      expect(s.context.session).toBeNull();
  },
  'the refusal dialog says why': (s: Snapshot) => {
    expect(s.context.refusal !== null).toBe(s.matches('refused'));
  },
};

const rules = {
  'one call at a time, each command with the session and payload held': (step: ModelStep<M>) => {
    expect(starts(step, 'command').length + starts(step, 'open').length).toBeLessThanOrEqual(1);
    for (const input of starts(step, 'command') as { session_id: string; payload: string }[]) {
      expect(input.session_id).toBe(step.after.context.session?.session_id);
      expect(input.payload).toBe(step.after.context.session?.payload);
    }
  },
  'the idle timer runs exactly while active': (step: ModelStep<M>) => {
    expect(timersOf(step.pending, 'xstate.after.idle.remoteControl.active').length).toBe(
      step.after.matches('active') ? 1 : 0,
    );
  },
  'a failure other than a refusal or an ended session is told once (closing fails quietly)': (step: ModelStep<M>) => {
    const alerts = calls(step, 'alert');
    if ((step.event as { error?: unknown }).error === other && !step.before?.matches('closing'))
      expect(alerts).toEqual([{ kind: 'error', code: 'errors.http.cannot perform action' }]);
    else expect(alerts).toEqual([]);
  },
};

describeModel('remoteControl (from a device)', {
  machine: stubbed().machine,
  input: { serial_number: 'GH-DEMO-PANEL-A' } satisfies RemoteControlInput,
  events,
  fixtures: remoteControlFixtures,
  invariants,
  rules,
});

describeModel('remoteControl (from the payload)', {
  machine: stubbed().machine,
  input: {
    session_id: sampleSession.session_id,
    payload: sampleSession.payload,
    serial_number: sampleSession.serial_number,
    device_name: sampleSession.device_name,
  } satisfies RemoteControlInput,
  events,
  fixtures: remoteControlFixtures,
  invariants,
  rules,
});

describe('remote control machine', () => {
  it('refuses at once a device the console knows is offline or not on mqtt (§5)', () => {
    const { machine } = stubbed();
    const off = replay(machine, { serial_number: 'X', protocol: 'mqtt', status: 'offline' }, []);
    expect(selectRefusal(off.getSnapshot())).toBe('offline');
    expect(off.getSnapshot().children.open).toBeUndefined();
    const http = replay(machine, { serial_number: 'X', protocol: 'http', status: 'online' }, []);
    expect(selectRefusal(http.getSnapshot())).toBe('not_mqtt');
  });

  it('opens, opens a relay with the session payload, and shows the fresh screen', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { serial_number: 'GH-DEMO-PANEL-A', protocol: 'mqtt', status: 'online' }, [
      { type: 'xstate.done.actor.open', output: sampleSession } as never,
      { type: 'command', command: 'relay.open', relay: 2 },
    ]);
    expect(actor.getSnapshot().children.command?.getSnapshot().input).toEqual({
      session_id: sampleSession.session_id,
      payload: sampleSession.payload,
      command: 'relay.open',
      relay: 2,
    });
    actor.send({ type: 'xstate.done.actor.command', output: fresh } as never);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context.session?.screen).toBe('call');
  });

  it('a server that no longer knows the session means it expired', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { serial_number: 'A' }, [
      { type: 'xstate.done.actor.open', output: sampleSession } as never,
      { type: 'command', command: 'screen.state' },
      { type: 'xstate.error.actor.command', error: gone } as never,
    ]);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
  });
});
