import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createMachine, fromCallback } from 'xstate';
import type { WaitingCall } from '../../src/contract/entities/calls';
import { callManagementTopic } from '../../src/contract/realtime';
import { MY_NUMBER } from '../../src/machines/call/call.fixtures';
import type { CallInput, CallSummary } from '../../src/machines/call/call.types';
import { dialerFixtures } from '../../src/machines/dialer/dialer.fixtures';
import { dialerMachine } from '../../src/machines/dialer/dialer.machine';
import { callActorId, engagedCall, isResting, isRinging } from '../../src/machines/dialer/dialer.rules';
import { selectApprovalPrompt } from '../../src/machines/dialer/dialer.selectors';
import type { DialerEvent, DialerInput } from '../../src/machines/dialer/dialer.types';
import {
  calls,
  describeModel,
  type ModelStep,
  pendingActor,
  quietActions,
  replay,
  ruleCoverage,
  sends,
  starts,
  startsOf,
  stops,
} from '../support/model-based';

/**
 * The dialer with recording stubs: each call actor logs the events it gets
 * (the real call machine has its own suite), resources never load, the
 * realtime subscription, the button and alerts are recorded.
 */
function stubbed() {
  const effects = {
    toCalls: [] as string[],
    spawned: [] as string[],
    buttons: [] as unknown[],
    alerts: [] as unknown[],
    subscribed: vi.fn(),
    recentsReloaded: vi.fn(),
  };
  const machine = dialerMachine.provide({
    actors: {
      call: fromCallback(({ input, receive }) => {
        const id = (input as { speechId: string }).speechId;
        effects.spawned.push(id);
        receive((event) => effects.toCalls.push(`${id} ${event.type}`));
      }) as never,
      contacts: createMachine({}) as never,
      recents: createMachine({}) as never,
      doorDevices: createMachine({}) as never,
      loadWaitingCalls: pendingActor(),
      openDoor: pendingActor(),
    },
    actions: {
      subscribe: effects.subscribed,
      showButton: ({ context }) => effects.buttons.push(context.calls.length),
      alert: (_, params) => effects.alerts.push(params),
      reloadRecents: effects.recentsReloaded,
    },
  });
  return { machine, effects };
}

const input: DialerInput = { myNumber: MY_NUMBER, fabId: 4711 };

const waiting = (id: string, status: WaitingCall['status'], answered_by: string | null = null): WaitingCall => ({
  id,
  caller: '3001',
  callee: '1000',
  status,
  answered_by,
  type: 'awaiting',
  info: { address: 'Building A', user: null },
  created_at: '2025-05-12T09:41:00.000Z',
});
const changed = (id: string, changes: Partial<CallSummary>): DialerEvent => ({ type: 'call.changed', id, changes });

// Three calls at most: a direct incoming call n1, an awaiting call a1, an outgoing call o1.
const events = [
  { type: 'registration.changed', status: 'registered' },
  {
    type: 'sip.incoming',
    call: {
      speechId: 'n1',
      number: '2002',
      callee: MY_NUMBER,
      type: 'normal',
      sosCall: false,
      displayName: null,
      video: false,
    },
  },
  {
    type: 'realtime.message',
    topic: callManagementTopic(MY_NUMBER),
    data: { type: 'CallUpdated', call: waiting('a1', 'waiting') },
  },
  { type: 'call.start', speechId: 'o1', number: '2002', video: false },
  { type: 'call.accept', id: 'n1' },
  { type: 'call.join', id: 'a1' },
  changed('n1', { status: 'active' }),
  changed('n1', { status: 'destroyed', hasSIPSession: false }),
  changed('a1', { status: 'active', hasSIPSession: true }),
  changed('a1', { status: 'processed_paused', hasSIPSession: false }),
  changed('o1', { status: 'active' }),
  changed('o1', { status: 'destroyed', hasSIPSession: false }),
  { type: 'call.removed', id: 'o1' },
  { type: 'approval.yes' },
  { type: 'approval.no' },
] as DialerEvent[];

/**
 * States are told apart by what the dialer's rules read: its value, whether it
 * is registered, the pending action, the return offer, the engaged call, and
 * how many calls ring, rest on the server, have a parent, exist.
 */
const abstraction = (s: ReturnType<typeof dialerMachine.resolveState>) => {
  const engaged = engagedCall(s.context.calls, null);
  return JSON.stringify([
    s.value,
    s.context.registration === 'registered',
    s.context.pending?.kind ?? null,
    s.context.returnTo !== null,
    engaged ? `${engaged.type}:${engaged.status}` : null,
    s.context.calls.filter(isRinging).length,
    s.context.calls.filter(isResting).length,
    s.context.calls.filter((c) => c.parentId !== null).length,
    s.context.calls.length,
  ]);
};

/** The dialer the model drives: call actors and lists are inert stand-ins; what it asks of them is recorded. */
const modelMachine = dialerMachine.provide({
  actors: {
    call: fromCallback(() => () => {}) as never,
    contacts: createMachine({}) as never,
    recents: createMachine({}) as never,
    doorDevices: createMachine({}) as never,
    loadWaitingCalls: pendingActor(),
    openDoor: pendingActor(),
  },
  actions: quietActions('subscribe', 'showButton', 'alert'),
});
type Step = ModelStep<typeof modelMachine>;

/** A call that holds the line (4): in conversation, joining, or our own outgoing call still dialing. */
const holdsLine = (c: CallSummary) =>
  c.hasSIPSession &&
  (c.status === 'active' || c.status === 'joining' || (c.status === 'calling' && c.direction === 'outgoing'));
const callIdOf = (actorId: string) => (actorId.startsWith('call-') ? actorId.slice('call-'.length) : null);
/** What the step told each call actor, by call id. */
const toCalls = (step: Step) =>
  step.effects.sent.flatMap((s) => {
    const id = callIdOf(s.to);
    return id === null ? [] : [{ id, type: s.event.type }];
  });
const dialedCalls = (step: Step) =>
  (startsOf(step, 'call') as CallInput[]).filter((input) => input.start.kind === 'dial');
const QUESTIONS = ['confirmingEnd', 'confirmingHold', 'confirmingReturn'] as const;

/** One tally for the two dialer models: the door rules are put to the test by the door model. */
const coverage = ruleCoverage();

describeModel('dialer', {
  coverage,
  machine: modelMachine,
  events,
  input,
  serialize: abstraction,
  fixtures: dialerFixtures,
  invariants: {
    'every mirrored call has its actor, and every call actor is mirrored': (s) => {
      const actors = Object.keys(s.children).filter((id) => id.startsWith('call-'));
      expect(actors.sort()).toEqual(s.context.calls.map((c) => callActorId(c.id)).sort());
    },
    'each call once': (s) => {
      expect(new Set(s.context.calls.map((c) => c.id)).size).toBe(s.context.calls.length);
    },
    'a question is asked only about something pending': (s) => {
      if (s.matches('confirmingEnd') || s.matches('confirmingHold')) {
        expect(s.context.pending).not.toBeNull();
        expect(s.context.calls.some((c) => c.id === s.context.interrupting)).toBe(true);
      }
      if (s.matches('confirmingReturn')) expect(s.context.calls.some((c) => c.id === s.context.returnTo)).toBe(true);
      if (s.matches('idle')) expect(s.context.pending).toBeNull();
    },
    'the selected call is one of the calls': (s) => {
      if (s.context.selectedCallId !== null)
        expect(s.context.calls.map((c) => c.id)).toContain(s.context.selectedCallId);
    },
    'the keypad holds only what can be dialed': (s) => {
      expect(s.context.keypad).toMatch(/^[0-9*#+]*$/);
    },
  },
  rules: {
    'never two calls on the line: a new one interrupts the one that holds it': (step) => {
      if (!step.before) return;
      const taking = [
        ...toCalls(step).filter((c) => c.type === 'call.accept' || c.type === 'call.join'),
        ...dialedCalls(step).map((input) => ({ id: input.speechId, type: 'dial' })),
      ];
      if (taking.length === 0) return;
      expect(taking).toHaveLength(1);
      const interrupted = toCalls(step)
        .filter((c) => c.type === 'call.interrupt')
        .map((c) => c.id);
      const holding = step.before.context.calls.filter((c) => holdsLine(c) && c.id !== taking[0]?.id).map((c) => c.id);
      expect(interrupted.sort()).toEqual(holding.sort());
    },
    'an active call is ended or held only after the user says yes': (step) => {
      if (!step.before) return;
      const before = step.before.context.calls;
      for (const { id } of toCalls(step).filter((c) => c.type === 'call.interrupt')) {
        if (before.find((c) => c.id === id)?.status === 'active') expect(step.event.type).toBe('approval.yes');
      }
    },
    'asking, or saying no, changes no call': (step) => {
      const asking = QUESTIONS.some((q) => step.after.matches(q) && !step.before?.matches(q));
      if (!asking && step.event.type !== 'approval.no') return;
      expect(toCalls(step).filter((c) => c.type !== 'server.updated')).toEqual([]);
      expect(startsOf(step, 'call')).toEqual([]);
    },
    'our own number is never dialed, and nothing is dialed offline': (step) => {
      for (const input of dialedCalls(step)) {
        expect(input.number).not.toBe(MY_NUMBER);
        expect(input.number).not.toBe('');
        expect(step.before?.context.registration).toBe('registered');
      }
    },
    "a removed call's actor stops, and the recents reload": (step) => {
      const e = step.event as DialerEvent;
      if (e.type !== 'call.removed' || !step.before?.context.calls.some((c) => c.id === e.id)) return;
      expect(stops(step, callActorId(e.id))).toBe(true);
      expect(step.after.context.calls.map((c) => c.id)).not.toContain(e.id);
      expect(sends(step, 'recents')).toEqual([{ type: 'loader.reload' }]);
    },
    'the button follows what it shows: registration, a ringing call, waiting calls': (step) => {
      if (!step.before) return;
      const shown = (s: typeof step.after) =>
        JSON.stringify([
          s.context.registration,
          s.context.calls.some((c) => c.status === 'calling' && c.direction === 'incoming'),
          s.context.calls.filter((c) => c.type === 'awaiting' && (c.status === 'paused' || c.status === 'new')).length,
        ]);
      if (shown(step.before) !== shown(step.after)) expect(calls(step, 'showButton').length).toBeGreaterThan(0);
    },
    'it subscribes to its call-management channel once, at start': (step) => {
      expect(calls(step, 'subscribe')).toHaveLength(step.before === null ? 1 : 0);
    },
    'waiting calls load at start, on reconnection and on request only': (step) => {
      const asked = ['xstate.init', 'realtime.connected', 'waitingCalls.reload'].includes(step.event.type);
      expect(starts(step, 'loadWaitingCalls')).toHaveLength(asked ? 1 : 0);
    },
  },
});

const doorPanel = '3001';
/** Doors: the API opens a selected door by its token; inside a call with the door's own panel, DTMF # does. */
const doorEvents = [
  { type: 'registration.changed', status: 'registered' },
  { type: 'door.select', door: { token: 'tok-1', sipNumber: doorPanel } },
  { type: 'door.select', door: { token: null, sipNumber: null } },
  { type: 'door.open' },
  { type: 'xstate.done.actor.openDoor', output: undefined },
  { type: 'xstate.error.actor.openDoor', error: { code: 'device offline', status: 409 } },
  { type: 'call.start', speechId: 'd1', number: doorPanel, video: false },
  changed('d1', { status: 'active' }),
  changed('d1', { status: 'destroyed', hasSIPSession: false }),
] as DialerEvent[];

describeModel('dialer (doors)', {
  coverage,
  machine: modelMachine,
  events: doorEvents,
  input,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.registration === 'registered',
      s.context.door?.token ?? null,
      s.context.openingDoor,
      s.context.calls.map((c) => c.status),
    ]),
  fixtures: dialerFixtures,
  rules: {
    'a door opens through the API only with a token, one request at a time': (step) => {
      const opened = starts(step, 'openDoor');
      if (opened.length === 0) return;
      expect(step.before?.context.openingDoor).toBe(false);
      expect(opened).toEqual([{ token: step.before?.context.door?.token }]);
      expect(step.before?.context.door?.token).toBeTruthy();
    },
    'inside a call with the door panel, door open is DTMF # to that call and not the API': (step) => {
      if (step.event.type !== 'door.open' || !step.before) return;
      const { calls: mirrored, door } = step.before.context;
      const withPanel = mirrored.find((c) => c.status === 'active' && c.hasSIPSession && c.number === door?.sipNumber);
      if (!withPanel) return;
      expect(step.effects.sent).toEqual([
        { to: callActorId(withPanel.id), event: { type: 'call.sendDtmf', tone: '#' } },
      ]);
      expect(starts(step, 'openDoor')).toEqual([]);
    },
    'the outcome of a door request is said': (step) => {
      const e = step.event.type;
      if (e === 'xstate.done.actor.openDoor' && step.before?.context.openingDoor)
        expect(calls(step, 'alert')).toEqual([{ kind: 'success', code: 'dialer:door.opened' }]);
      if (e === 'xstate.error.actor.openDoor' && step.before?.context.openingDoor)
        expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'errors.http.device offline' }]);
    },
  },
});

describe('both dialer models', () => coverage.expectAllExercised());

const registered: DialerEvent = { type: 'registration.changed', status: 'registered' };
const ringN1 = events[1]!;
const waitA1 = events[2]!;

describe('dialer behaviour', () => {
  it('subscribes to its call-management channel and shows its button on start', () => {
    const { machine, effects } = stubbed();
    replay(machine, input, []);
    expect(effects.subscribed).toHaveBeenCalledTimes(1);
    expect(effects.buttons.length).toBeGreaterThan(0);
  });

  it('an outgoing call spawns a call actor with the speech id and clears the keypad', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [registered, { type: 'keypad.change', value: ' 20-02 ' }]);
    expect(actor.getSnapshot().context.keypad).toBe('2002');
    actor.send({ type: 'call.start', speechId: 'o1', video: false });
    expect(effects.spawned).toEqual(['o1']);
    expect(actor.getSnapshot().context).toMatchObject({ keypad: '', lastDialed: '2002', selectedCallId: 'o1' });
  });

  it("refuses to call the user's own number", () => {
    const { machine, effects } = stubbed();
    replay(machine, input, [registered, { type: 'call.start', speechId: 'o1', number: MY_NUMBER, video: false }]);
    expect(effects.spawned).toEqual([]);
    expect(effects.alerts).toEqual([{ kind: 'error', code: 'dialer:call.ownNumber' }]);
  });

  it('video with no number fills in the last dialed number', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      registered,
      { type: 'call.start', speechId: 'o1', number: '2002', video: false },
      { type: 'call.start', speechId: 'o2', video: true },
    ]);
    expect(actor.getSnapshot().context.keypad).toBe('2002');
    expect(effects.spawned).toEqual(['o1']);
  });

  it('accepting a second call while a normal call is active asks first; yes ends the active call and answers', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      registered,
      { type: 'call.start', speechId: 'o1', number: '2002', video: false },
      changed('o1', { status: 'active' }),
      ringN1,
      { type: 'call.accept', id: 'n1' },
    ]);
    expect(selectApprovalPrompt(actor.getSnapshot())).toBe('activeCallCancel');
    expect(effects.toCalls).toEqual([]);
    actor.send({ type: 'approval.yes' });
    expect(effects.toCalls).toEqual(['o1 call.interrupt', 'n1 call.accept']);
    expect(actor.getSnapshot().context.selectedCallId).toBe('n1');
  });

  it('no keeps the active call and leaves the new one ringing', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      registered,
      { type: 'call.start', speechId: 'o1', number: '2002', video: false },
      changed('o1', { status: 'active' }),
      ringN1,
      { type: 'call.accept', id: 'n1' },
      { type: 'approval.no' },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects.toCalls).toEqual([]);
  });

  it('joining while in an active awaiting call asks to hold it; a new call started from it returns to it', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      registered,
      waitA1,
      { type: 'call.join', id: 'a1' },
      changed('a1', { status: 'active', hasSIPSession: true }),
      { type: 'call.start', speechId: 'o1', number: '2002', video: false },
    ]);
    expect(selectApprovalPrompt(actor.getSnapshot())).toBe('activeCallHold');
    actor.send({ type: 'approval.yes' });
    expect(effects.toCalls).toEqual(['a1 call.join', 'a1 call.interrupt']);
    expect(actor.getSnapshot().context.calls.find((c) => c.id === 'o1')?.parentId).toBe('a1');
    actor.send(changed('a1', { status: 'processed_paused', hasSIPSession: false }));
    actor.send(changed('o1', { status: 'destroyed', hasSIPSession: false }));
    expect(selectApprovalPrompt(actor.getSnapshot())).toBe('backToPrevious');
    actor.send({ type: 'approval.yes' });
    expect(effects.toCalls.at(-1)).toBe('a1 call.join');
  });

  it('a join while dialing out cancels the outgoing call without asking', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      registered,
      waitA1,
      { type: 'call.start', speechId: 'o1', number: '2002', video: false },
      { type: 'call.join', id: 'a1' },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects.toCalls).toEqual(['o1 call.interrupt', 'a1 call.join']);
  });

  it('server pushes add, update and end calls; other topics and shapes are ignored', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [waitA1]);
    expect(effects.spawned).toEqual(['a1']);
    actor.send({
      type: 'realtime.message',
      topic: callManagementTopic(MY_NUMBER),
      data: { type: 'CallUpdated', call: waiting('a1', 'answered', '1002') },
    });
    expect(effects.toCalls).toEqual(['a1 server.updated']);
    actor.send({
      type: 'realtime.message',
      topic: callManagementTopic('9999'),
      data: { type: 'CallUpdated', call: waiting('b1', 'waiting') },
    });
    actor.send({
      type: 'realtime.message',
      topic: callManagementTopic(MY_NUMBER),
      data: { type: 'CallUpdated', call: { id: 'x' } },
    });
    actor.send({
      type: 'realtime.message',
      topic: callManagementTopic(MY_NUMBER),
      data: { type: 'CallUpdated', call: waiting('c1', 'destroyed') },
    });
    expect(effects.spawned).toEqual(['a1']);
  });

  it('loads waiting calls on start and on reconnection; a resting call the list lost is ended', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, []);
    const loader = () => (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>).loadWaitingCalls;
    expect(loader()).toBeDefined();
    actor.send({
      type: 'xstate.done.actor.loadWaitingCalls',
      output: [waiting('a1', 'waiting'), waiting('a2', 'new')],
    });
    expect(effects.spawned).toEqual(['a1', 'a2']);
    actor.send({ type: 'realtime.connected' });
    expect(actor.getSnapshot().context.loadingWaitingCalls).toBe(true);
    actor.send({ type: 'xstate.done.actor.loadWaitingCalls', output: [waiting('a1', 'answered', '1002')] });
    expect(effects.toCalls).toEqual(['a1 server.updated', 'a2 server.updated']);
  });

  it('an INVITE for a known awaiting call attaches to it instead of adding a call', () => {
    const { machine, effects } = stubbed();
    replay(machine, input, [
      waitA1,
      {
        type: 'sip.incoming',
        call: {
          speechId: 'a1',
          number: '3001',
          callee: '1000',
          type: 'awaiting',
          sosCall: false,
          displayName: null,
          video: false,
        },
      },
    ]);
    expect(effects.spawned).toEqual(['a1']);
    expect(effects.toCalls).toEqual(['a1 session.attached']);
  });

  it('a question closes when the call it is about ends: the call is dropped and the recents reload', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      registered,
      { type: 'call.start', speechId: 'o1', number: '2002', video: false },
      changed('o1', { status: 'active' }),
      ringN1,
      { type: 'call.accept', id: 'n1' },
    ]);
    expect(selectApprovalPrompt(actor.getSnapshot())).toBe('activeCallCancel');
    actor.send(changed('o1', { status: 'destroyed', hasSIPSession: false }));
    actor.send({ type: 'call.removed', id: 'o1' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(effects.recentsReloaded).toHaveBeenCalledTimes(1);
    // Nothing holds the line now: accepting again answers at once.
    actor.send({ type: 'call.accept', id: 'n1' });
    expect(effects.toCalls).toEqual(['n1 call.accept']);
  });

  it('at yes, what is on the line then gives way: a call that left it meanwhile is not interrupted', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      registered,
      waitA1,
      { type: 'call.start', speechId: 'o1', number: '2002', video: false },
      changed('o1', { status: 'active' }),
      { type: 'call.join', id: 'a1' },
    ]);
    expect(selectApprovalPrompt(actor.getSnapshot())).toBe('activeCallCancel');
    actor.send(changed('o1', { status: 'destroyed', hasSIPSession: false }));
    actor.send({ type: 'approval.yes' });
    expect(effects.toCalls).toEqual(['a1 call.join']);
  });

  it('a removed call is stopped and forgotten, and the recents reload', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      ringN1,
      { type: 'call.select', id: 'n1' },
      { type: 'call.removed', id: 'n1' },
    ]);
    expect(actor.getSnapshot().context.calls).toEqual([]);
    expect(actor.getSnapshot().context.selectedCallId).toBeNull();
    expect(actor.getSnapshot().children[callActorId('n1')]).toBeUndefined();
    expect(effects.recentsReloaded).toHaveBeenCalled();
  });

  it('door open: DTMF # inside a call with the door panel, else the API with the token; nothing without a token', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [{ type: 'door.open' }]);
    expect(actor.getSnapshot().context.openingDoor).toBe(false);
    actor.send({ type: 'door.select', door: { token: 'tok-1', sipNumber: '2002' } });
    actor.send({ type: 'door.open' });
    expect(actor.getSnapshot().context.openingDoor).toBe(true);
    actor.send({ type: 'xstate.done.actor.openDoor', output: true });
    expect(effects.alerts).toEqual([{ kind: 'success', code: 'dialer:door.opened' }]);
    actor.send(registered);
    actor.send({ type: 'call.start', speechId: 'o1', number: '2002', video: false });
    actor.send(changed('o1', { status: 'active' }));
    actor.send({ type: 'door.open' });
    expect(effects.toCalls).toEqual(['o1 call.sendDtmf']);
  });

  it('a user outside the call queue loads and follows no waiting calls; one who may not open doors lists none', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, { ...input, manageCalls: false, doors: false }, [{ type: 'realtime.connected' }]);
    const children = actor.getSnapshot().children as Record<string, unknown>;
    expect(children.loadWaitingCalls).toBeUndefined();
    expect(children.doorDevices).toBeUndefined();
    expect(effects.subscribed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ manageCalls: false, doors: false, loadingWaitingCalls: false });
  });

  it('a call started from a contact carries its name to the card', () => {
    const { machine } = stubbed();
    const actor = replay(machine, input, [
      registered,
      { type: 'call.start', speechId: 'o1', number: '2002', video: false, name: 'Rita Resident' },
    ]);
    const child = actor.getSnapshot().children[callActorId('o1')] as unknown as { getSnapshot(): { input?: unknown } };
    expect(child).toBeDefined();
    expect(actor.getSnapshot().context.calls[0]).toMatchObject({ id: 'o1', number: '2002' });
  });

  it('the keypad keeps only dialable characters; backspace removes the last', () => {
    const { machine } = stubbed();
    const actor = replay(machine, input, [
      { type: 'keypad.press', key: '1' },
      { type: 'keypad.press', key: '*' },
      { type: 'keypad.press', key: 'x' },
      { type: 'keypad.press', key: '#' },
      { type: 'keypad.backspace' },
    ]);
    expect(actor.getSnapshot().context.keypad).toBe('1*');
  });
});
