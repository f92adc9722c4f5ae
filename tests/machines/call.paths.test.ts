import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { CALL_DURATION_TICK_MS, DTMF, ENDED_CALL_REMOVAL_MS } from '../../src/contract/constants';
import type { CallStatusServer, WaitingCall } from '../../src/contract/entities/calls';
import { callFixtures, MY_NUMBER, sampleInputs } from '../../src/machines/call/call.fixtures';
import { callMachine } from '../../src/machines/call/call.machine';
import { selectCallStatus, selectCanHold, selectCanJoin } from '../../src/machines/call/call.selectors';
import type {
  CallEvent,
  CallInput,
  CallStatus,
  SipSessionCommand,
  SipSessionInput,
} from '../../src/machines/call/call.types';
import {
  calls,
  describeModel,
  type ModelStep,
  moved,
  pendingActor,
  quietActions,
  replay,
  ruleCoverage,
  sends,
  starts,
  stops,
} from '../support/model-based';

/** A call machine whose effects are recorded: the SIP session actor logs its input, commands and cleanup. */
function stubbed() {
  const effects = {
    reports: [] as unknown[],
    removed: vi.fn(),
    ring: vi.fn(),
    unring: vi.fn(),
    alert: vi.fn(),
    sessions: [] as SipSessionInput[],
    commands: [] as SipSessionCommand[],
    hungUp: vi.fn(),
  };
  const machine = callMachine.provide({
    actors: {
      sipSession: fromCallback<SipSessionCommand, SipSessionInput>(({ input, receive }) => {
        effects.sessions.push(input);
        receive((command) => effects.commands.push(command));
        return () => effects.hungUp(input.speechId);
      }),
      stopCall: pendingActor(),
    },
    actions: {
      report: (_, params) => effects.reports.push(params),
      reportFields: () => effects.reports.push('fields'),
      notifyRemoved: effects.removed,
      startRinging: (_, params) => effects.ring(params),
      stopRinging: (_, params) => effects.unring(params),
      alertFailure: (_, params) => effects.alert(params),
    },
  });
  return { machine, effects };
}

/** The machine the model explores: the same stubs, with nothing but the recording harness watching. */
const modelMachine = callMachine.provide({
  actors: { sipSession: fromCallback(() => () => {}), stopCall: pendingActor() },
  actions: quietActions('report', 'reportFields', 'notifyRemoved', 'startRinging', 'stopRinging', 'alertFailure'),
});

const server = (status: CallStatusServer, answered_by: string | null = null): CallEvent => ({
  type: 'server.updated',
  call: {
    id: sampleInputs.awaiting.speechId,
    caller: '3001',
    callee: '1000',
    status,
    answered_by,
    type: 'awaiting',
    info: { address: 'Building A, entrance 1', user: null },
    created_at: '2025-05-12T09:41:00.000Z',
  } satisfies WaitingCall,
});

const failure = { code: 'item not found', status: 404 };
const events = [
  { type: 'call.accept' },
  { type: 'call.join' },
  { type: 'call.hangup' },
  { type: 'call.hold' },
  { type: 'call.interrupt' },
  { type: 'call.toggleMute' },
  { type: 'call.volumeChanged', volume: 0.5 },
  { type: 'call.toggleVideo' },
  { type: 'call.sendDtmf', tone: '#' },
  { type: 'session.attached' },
  { type: 'session.accepted', at: 1_000 },
  { type: 'session.ended', cause: 'Terminated' },
  { type: 'session.failed', cause: 'Rejected' },
  server('new'),
  server('waiting'),
  server('answered', MY_NUMBER),
  server('answered', '1002'),
  server('answered_waiting', '1002'),
  server('answered_waiting', MY_NUMBER),
  server('destroyed'),
  { type: 'xstate.after.durationTick.call.withSession.active' },
  { type: 'xstate.after.endedCallRemoval.call.destroyed' },
  { type: 'xstate.done.actor.stopCall' },
  { type: 'xstate.error.actor.stopCall', error: failure },
] as unknown as CallEvent[];

const awaitingFrom = (status: CallStatusServer, answeredBy: string | null = null): CallInput => ({
  ...sampleInputs.awaiting,
  answeredBy,
  start: { kind: 'server', status },
});

// Every starting point has its own graph; from the server's statuses the graphs overlap once the
// call rests, so one of them is explored whole and the others are checked where they start.
const inputs: Record<string, CallInput> = {
  'outgoing normal': sampleInputs.outgoing,
  'incoming normal': sampleInputs.incoming,
  'incoming awaiting INVITE': { ...sampleInputs.awaiting, start: { kind: 'ring' } },
  'awaiting waiting': awaitingFrom('waiting'),
};

describe('call starting points from the server', () => {
  it.each([
    ['waiting', null, 'paused'],
    ['new', null, 'new'],
    ['calling', null, 'new'],
    ['answered', '1002', 'answeredByAnother'],
    ['answered', MY_NUMBER, 'answeredByAnother'],
    ['answered_waiting', MY_NUMBER, 'processed_paused'],
    ['answered_waiting', '1002', 'answeredByAnother'],
    ['destroyed', null, 'destroyed'],
  ] as const)('%s answered by %s rests in %s', (status, answeredBy, state) => {
    const actor = replay(stubbed().machine, awaitingFrom(status, answeredBy), []);
    expect(actor.getSnapshot().value).toBe(state);
    actor.stop();
  });
});

type Snapshot = ReturnType<typeof modelMachine.resolveState>;
type Step = ModelStep<typeof modelMachine>;

/** Section 4's status of each state, written out here (the selectors have their own copy). */
function statusOf(s: Snapshot): CallStatus | null {
  if (s.matches({ withSession: 'dialing' }) || s.matches({ withSession: 'ringing' })) return 'calling';
  if (s.matches({ withSession: 'joining' })) return 'joining';
  if (s.matches({ withSession: 'active' }) || s.matches('answeredByAnother')) return 'active';
  for (const status of ['new', 'paused', 'processed_paused', 'destroyed'] as const)
    if (s.matches(status)) return status;
  if (s.matches('stopping')) return s.context.resumeStatus;
  return null;
}

const inSession = (s: Snapshot | null) => s?.matches('withSession') === true;
const isEnded = (s: Snapshot | null) => s !== null && (s.matches('destroyed') || s.status === 'done');
const entered = (step: Step, state: Parameters<Snapshot['matches']>[0]) =>
  step.after.matches(state) && !step.before?.matches(state);
const left = (step: Step, state: Parameters<Snapshot['matches']>[0]) =>
  step.before?.matches(state) === true && !step.after.matches(state);
const afterTimers = (step: Step) => step.effects.scheduled.filter((t) => t.event.type.startsWith('xstate.after.'));

/** One tally for the models below: some rules only apply from some starting points. */
const coverage = ruleCoverage();
for (const [name, input] of Object.entries(inputs)) {
  describeModel(`call (${name})`, {
    coverage,
    machine: modelMachine,
    events,
    input,
    fixtures: callFixtures,
    invariants: {
      'only awaiting calls rest on the server': (s) => {
        if (s.context.type === 'normal')
          for (const resting of ['new', 'paused', 'processed_paused', 'answeredByAnother', 'stopping'] as const)
            expect(s.matches(resting)).toBe(false);
      },
      'a SIP session exists exactly inside withSession': (s) => {
        expect(s.children.sipSession !== undefined).toBe(s.matches('withSession'));
      },
      'the stop request runs exactly while stopping': (s) => {
        expect(s.children.stopCall !== undefined).toBe(s.matches('stopping'));
      },
      'volume stays within 0..1 and the duration is never negative': (s) => {
        expect(s.context.settings.volume).toBeGreaterThanOrEqual(0);
        expect(s.context.settings.volume).toBeLessThanOrEqual(1);
        expect(s.context.duration).toBeGreaterThanOrEqual(0);
      },
    },
    rules: {
      'an ended call is removed after 5 s': (step) => {
        if (entered(step, 'destroyed'))
          expect(afterTimers(step).map((t) => [t.to, t.delay])).toEqual([['self', ENDED_CALL_REMOVAL_MS]]);
        if (step.after.matches('destroyed')) expect(step.pending.map((t) => t.delay)).toEqual([ENDED_CALL_REMOVAL_MS]);
        if (step.timed && step.before?.matches('destroyed')) {
          expect(step.after.status).toBe('done');
          expect(calls(step, 'notifyRemoved')).toHaveLength(1);
        }
      },
      'an ended call never touches SIP again': (step) => {
        if (!isEnded(step.before)) return;
        expect(step.effects.started).toEqual([]);
        expect(step.effects.sent).toEqual([]);
        expect(step.effects.actions.map((a) => a.type).filter((t) => t !== 'notifyRemoved')).toEqual([]);
      },
      'leaving the session hangs up our leg; a session starts only on entering it': (step) => {
        if (inSession(step.before) && !inSession(step.after)) expect(stops(step, 'sipSession')).toBe(true);
        const started = starts(step, 'sipSession') as SipSessionInput[];
        if (started.length === 0) return;
        expect(inSession(step.after) && !inSession(step.before)).toBe(true);
        const { context } = step.after;
        // We dial the other party; we join an awaiting call through its callee (the queue).
        expect(started).toEqual([
          expect.objectContaining({
            speechId: context.speechId,
            target: context.sessionMode === 'join' ? context.callee : context.number,
          }),
        ]);
      },
      'the ring sounds exactly while ringing': (step) => {
        expect(calls(step, 'startRinging')).toHaveLength(entered(step, { withSession: 'ringing' }) ? 1 : 0);
        expect(calls(step, 'stopRinging')).toHaveLength(left(step, { withSession: 'ringing' }) ? 1 : 0);
      },
      'the session answers only an accepted ringing call': (step) => {
        const answers = sends(step, 'sipSession').filter((c) => c.type === 'session.answer');
        const accepted = step.event.type === 'call.accept' && step.before?.matches({ withSession: 'ringing' });
        expect(answers).toHaveLength(accepted ? 1 : 0);
      },
      'the duration restarts on entering active and ticks every second there': (step) => {
        if (entered(step, { withSession: 'active' })) {
          expect(step.after.context.duration).toBe(0);
          expect(afterTimers(step).map((t) => t.delay)).toEqual([CALL_DURATION_TICK_MS]);
        }
        if (step.timed && step.before?.matches({ withSession: 'active' }))
          expect(step.after.context.duration).toBe(step.before.context.duration + 1);
      },
      'the dialer hears every status change': (step) => {
        const reports = calls(step, 'report');
        const status = statusOf(step.after);
        if (status !== null && (step.before === null || statusOf(step.before) !== status))
          expect(reports.at(-1)).toEqual({ status, hasSIPSession: inSession(step.after) });
        // Nothing moved (a tick, a setting, a server field): nothing to report but the fields.
        if (!moved(step)) expect(reports).toEqual([]);
      },
      'hold is for awaiting calls only': (step) => {
        if (step.event.type === 'call.hold' && step.before?.context.type === 'normal') {
          expect(step.after.value).toEqual(step.before.value);
          expect(step.effects.sent).toEqual([]);
        }
      },
      'an interruption ends a normal call, holds an awaiting one, cancels a join, spares a ringing one': (step) => {
        if (step.event.type !== 'call.interrupt' || !step.before) return;
        const { before, after } = step;
        if (before.matches({ withSession: 'active' }))
          expect(after.value).toBe(before.context.type === 'awaiting' ? 'processed_paused' : 'destroyed');
        if (before.matches({ withSession: 'joining' })) expect(after.value).toBe(before.context.resumeStatus);
        if (before.matches({ withSession: 'ringing' })) expect(after.value).toEqual(before.value);
      },
      'a stop goes through the server, for awaiting calls only, and a refusal is said': (step) => {
        const stopped = starts(step, 'stopCall');
        if (stopped.length > 0) {
          expect(step.before?.context.type).toBe('awaiting');
          expect(stopped).toEqual([{ speechId: step.after.context.speechId }]);
        }
        const refused = step.event.type === 'xstate.error.actor.stopCall' && step.before?.matches('stopping');
        expect(calls(step, 'alertFailure')).toEqual(refused ? [{ code: failure.code }] : []);
      },
      'the server ending a call ends it wherever it is': (step) => {
        const e = step.event as CallEvent;
        if (e.type === 'server.updated' && e.call.status === 'destroyed' && !isEnded(step.before))
          expect(step.after.matches('destroyed')).toBe(true);
      },
      'media commands carry the new settings': (step) => {
        const sent = sends(step, 'sipSession');
        const e = step.event as CallEvent;
        if (e.type === 'call.toggleMute' && inSession(step.before))
          expect(sent).toEqual([{ type: 'session.mute', muted: !step.before?.context.settings.micMuted }]);
        if (e.type === 'call.volumeChanged' && inSession(step.before))
          expect(sent).toEqual([{ type: 'session.volume', volume: Math.min(1, Math.max(0, e.volume)) }]);
        if (e.type === 'call.sendDtmf' && step.before?.matches({ withSession: 'active' }))
          expect(sent).toEqual([{ type: 'session.dtmf', tone: e.tone, duration: DTMF.inCallMs }]);
      },
      'only active (the tick) and destroyed (the removal) wait for time': (step) => {
        if (!step.after.matches({ withSession: 'active' }) && !step.after.matches('destroyed'))
          expect(step.pending).toEqual([]);
      },
    },
  });
}

describe('models together', () => coverage.expectAllExercised());

const play = (input: CallInput, list: CallEvent[]) => {
  const { machine, effects } = stubbed();
  return { actor: replay(machine, input, list), effects };
};

describe('call behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('outgoing: dials the number with its speech id, becomes active on accept, ticks, ends and is removed after 5 s', () => {
    const { actor, effects } = play(sampleInputs.outgoing, []);
    expect(effects.sessions).toEqual([
      { speechId: sampleInputs.outgoing.speechId, mode: 'dial', target: '2002', video: false },
    ]);
    expect(selectCallStatus(actor.getSnapshot())).toBe('calling');
    actor.send({ type: 'session.accepted', at: 42 });
    expect(selectCallStatus(actor.getSnapshot())).toBe('active');
    expect(actor.getSnapshot().context.started).toBe(42);
    vi.advanceTimersByTime(CALL_DURATION_TICK_MS * 3);
    expect(actor.getSnapshot().context.duration).toBe(3);
    actor.send({ type: 'call.hangup' });
    expect(effects.hungUp).toHaveBeenCalledTimes(1);
    expect(selectCallStatus(actor.getSnapshot())).toBe('destroyed');
    vi.advanceTimersByTime(ENDED_CALL_REMOVAL_MS - 1);
    expect(effects.removed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(effects.removed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each(['session.ended', 'session.failed'] as const)(
    'outgoing: %s destroys the call and keeps its cause',
    (type) => {
      const { actor } = play(sampleInputs.outgoing, [{ type, cause: 'Busy' }]);
      expect(actor.getSnapshot().value).toBe('destroyed');
      expect(actor.getSnapshot().context.endCause).toBe('Busy');
    },
  );

  it('incoming: rings until accepted; accepting answers and stops the ring', () => {
    const { actor, effects } = play(sampleInputs.incoming, []);
    expect(effects.ring).toHaveBeenCalledWith({
      speechId: sampleInputs.incoming.speechId,
      number: '2002',
      sosCall: false,
    });
    actor.send({ type: 'call.accept' });
    expect(effects.unring).toHaveBeenCalledTimes(1);
    expect(effects.commands).toEqual([{ type: 'session.answer', video: false }]);
    expect(selectCallStatus(actor.getSnapshot())).toBe('active');
  });

  it('incoming: declining rejects the call (destroyed) and stops the ring', () => {
    const { actor, effects } = play(sampleInputs.incoming, [{ type: 'call.hangup' }]);
    expect(effects.unring).toHaveBeenCalledTimes(1);
    expect(effects.hungUp).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('destroyed');
  });

  it('an awaiting INVITE that ends returns the call to paused', () => {
    const { actor } = play({ ...sampleInputs.awaiting, start: { kind: 'ring' } }, [
      { type: 'session.ended', cause: 'Canceled' },
    ]);
    expect(actor.getSnapshot().value).toBe('paused');
  });

  it('awaiting: join sends an INVITE to the callee, hold hangs up our leg, resume rejoins', () => {
    const { actor, effects } = play(sampleInputs.awaiting, []);
    expect(effects.sessions).toEqual([]);
    actor.send({ type: 'call.join' });
    expect(effects.sessions[0]).toEqual({
      speechId: sampleInputs.awaiting.speechId,
      mode: 'join',
      target: '1000',
      video: false,
    });
    expect(selectCallStatus(actor.getSnapshot())).toBe('joining');
    actor.send({ type: 'session.accepted', at: 7 });
    expect(selectCanHold(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'call.hold' });
    expect(effects.hungUp).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('processed_paused');
    expect(selectCanJoin(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'call.join' });
    expect(effects.sessions).toHaveLength(2);
    expect(selectCallStatus(actor.getSnapshot())).toBe('joining');
  });

  it('a failed join goes back to where the call rested', () => {
    const { actor } = play(awaitingFrom('answered_waiting', MY_NUMBER), [
      { type: 'call.join' },
      { type: 'session.failed', cause: 'Not Found' },
    ]);
    expect(actor.getSnapshot().value).toBe('processed_paused');
  });

  it('awaiting: stop goes through the server, then the call is destroyed', () => {
    let stopped: unknown = null;
    const machine = stubbed().machine.provide({
      actors: {
        stopCall: pendingActor(),
      },
    });
    const actor = replay(machine, sampleInputs.awaiting, [{ type: 'call.hangup' }]);
    stopped = actor.getSnapshot().children.stopCall;
    expect(stopped).toBeDefined();
    expect(actor.getSnapshot().value).toBe('stopping');
    actor.send({ type: 'xstate.done.actor.stopCall' } as unknown as CallEvent);
    expect(actor.getSnapshot().value).toBe('destroyed');
  });

  it('a refused stop alerts with the catalogue code and the call rests again', () => {
    const { actor, effects } = play(sampleInputs.awaiting, [
      { type: 'call.hangup' },
      { type: 'xstate.error.actor.stopCall', error: failure } as unknown as CallEvent,
    ]);
    expect(effects.alert).toHaveBeenCalledWith({ code: 'item not found' });
    expect(actor.getSnapshot().value).toBe('paused');
  });

  it('answered by another number while joining: our leg is cancelled and the call is disabled', () => {
    const { actor, effects } = play(sampleInputs.awaiting, [{ type: 'call.join' }, server('answered', '1002')]);
    expect(effects.hungUp).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('answeredByAnother');
    expect(actor.getSnapshot().context.answeredBy).toBe('1002');
    expect(selectCanJoin(actor.getSnapshot())).toBe(false);
  });

  it('a call held by the concierge who answered it stays theirs: disabled here; held by us, we may resume', () => {
    const theirs = play(sampleInputs.awaiting, [server('answered_waiting', '1002')]);
    expect(theirs.actor.getSnapshot().value).toBe('answeredByAnother');
    expect(selectCanJoin(theirs.actor.getSnapshot())).toBe(false);
    const ours = play(sampleInputs.awaiting, [server('answered_waiting', MY_NUMBER)]);
    expect(ours.actor.getSnapshot().value).toBe('processed_paused');
    expect(selectCanJoin(ours.actor.getSnapshot())).toBe(true);
  });

  it('answered by our own number while joining keeps the join going', () => {
    const { actor } = play(sampleInputs.awaiting, [{ type: 'call.join' }, server('answered', MY_NUMBER)]);
    expect(actor.getSnapshot().value).toEqual({ withSession: 'joining' });
  });

  it('interrupt: a normal active call ends, an awaiting one is held, a join is cancelled, a ringing call keeps ringing', () => {
    const normal = play(sampleInputs.incoming, [{ type: 'call.accept' }, { type: 'call.interrupt' }]);
    expect(normal.actor.getSnapshot().value).toBe('destroyed');
    const held = play(sampleInputs.awaiting, [
      { type: 'call.join' },
      { type: 'session.accepted', at: 1 },
      { type: 'call.interrupt' },
    ]);
    expect(held.actor.getSnapshot().value).toBe('processed_paused');
    const join = play(sampleInputs.awaiting, [{ type: 'call.join' }, { type: 'call.interrupt' }]);
    expect(join.actor.getSnapshot().value).toBe('paused');
    const ringing = play(sampleInputs.incoming, [{ type: 'call.interrupt' }]);
    expect(ringing.actor.getSnapshot().value).toEqual({ withSession: 'ringing' });
  });

  it('media controls reach the session: mute, volume (clamped), video, DTMF # for 160 ms', () => {
    const { actor, effects } = play(sampleInputs.outgoing, [
      { type: 'session.accepted', at: 1 },
      { type: 'call.toggleMute' },
      { type: 'call.volumeChanged', volume: 3 },
      { type: 'call.toggleVideo' },
      { type: 'call.sendDtmf', tone: '#' },
    ]);
    expect(effects.commands).toEqual([
      { type: 'session.mute', muted: true },
      { type: 'session.volume', volume: 1 },
      { type: 'session.video', enabled: true },
      { type: 'session.dtmf', tone: '#', duration: DTMF.inCallMs },
    ]);
    expect(actor.getSnapshot().context.settings).toEqual({ volume: 1, micMuted: true });
  });

  it('reports every status change to the dialer', () => {
    const { effects } = play(sampleInputs.awaiting, [{ type: 'call.join' }, { type: 'session.accepted', at: 1 }]);
    expect(effects.reports).toEqual([
      { status: 'paused', hasSIPSession: false },
      { status: 'joining', hasSIPSession: true },
      { status: 'active', hasSIPSession: true },
    ]);
  });

  it('a server update to destroyed ends a call in any state', () => {
    for (const fixture of ['paused', 'joining', 'active'] as const) {
      const list: CallEvent[] =
        fixture === 'paused'
          ? []
          : fixture === 'joining'
            ? [{ type: 'call.join' }]
            : [{ type: 'call.join' }, { type: 'session.accepted', at: 1 }];
      const { actor } = play(sampleInputs.awaiting, [...list, server('destroyed')]);
      expect(actor.getSnapshot().value).toBe('destroyed');
    }
  });
});
