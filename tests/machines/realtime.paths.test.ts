import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise } from 'xstate';
import { WEBSOCKET_RECONNECT_MS } from '../../src/contract/constants';
import { REALTIME_CLOSE } from '../../src/contract/realtime';
import { realtimeFixtures } from '../../src/machines/realtime/realtime.fixtures';
import { realtimeMachine } from '../../src/machines/realtime/realtime.machine';
import { selectIsReconnecting, selectRealtimeStatus } from '../../src/machines/realtime/realtime.selectors';
import type { RealtimeEvent, RealtimeInput, SocketCommand } from '../../src/machines/realtime/realtime.types';
import {
  calls,
  describeModel,
  type ModelStep,
  pendingActor,
  quietActions,
  sends,
  starts,
  stops,
} from '../support/model-based';

const modelMachine = realtimeMachine.provide({
  actors: { socket: fromCallback(() => () => {}), refreshToken: pendingActor() },
  actions: quietActions('forward', 'announceConnected'),
});
type Step = ModelStep<typeof modelMachine>;

const input: RealtimeInput = { subscriptions: { 'private-app-changes': ['app'] } };
const message = (type: string, topic = 'private-app-changes') => ({
  type: 'socket.message' as const,
  message: { topic, data: { type } },
});
const events = [
  { type: 'socket.opened' },
  message('RoleChangedEvent'),
  message('pong', ''),
  { type: 'socket.closed', code: REALTIME_CLOSE.tokenExpired },
  { type: 'socket.closed', code: 1006 },
  { type: 'realtime.subscribe', topic: 'private-users.1', subscriber: 'notifications' },
  { type: 'realtime.subscribe', topic: 'private-users.1', subscriber: 'conversationFeed' },
  { type: 'realtime.unsubscribe', topic: 'private-users.1', subscriber: 'notifications' },
  { type: 'realtime.subscribe', topic: 'private-app-changes', subscriber: 'app' },
  { type: 'xstate.after.heartbeat.realtime.online.connected.watching' },
  { type: 'xstate.after.reconnect.realtime.disconnected' },
  { type: 'xstate.done.actor.refreshToken' },
  { type: 'xstate.error.actor.refreshToken', error: new Error('logged out') },
] as unknown as RealtimeEvent[];

/** States told apart by the connection and who listens to what. */
const abstraction = (s: ReturnType<typeof realtimeMachine.resolveState>) =>
  JSON.stringify([s.value, s.context.subscriptions, s.context.awaitingPong]);

const connected = (s: Step['before']) => s?.matches({ online: 'connected' }) === true;
const socketCommands = (step: Step) => sends(step, 'socket').map((e) => (e as unknown as SocketCommand).command);

describeModel('realtime', {
  machine: modelMachine,
  events,
  input,
  serialize: abstraction,
  fixtures: realtimeFixtures,
  invariants: {
    'the socket lives exactly while online': (s) => {
      expect(s.children.socket !== undefined).toBe(s.matches('online'));
    },
    'a token refresh runs exactly after an expiry close': (s) => {
      expect(s.children.refreshToken !== undefined).toBe(s.matches('refreshing'));
      if (s.matches('refreshing')) expect(s.context.lastCloseCode).toBe(REALTIME_CLOSE.tokenExpired);
    },
    'each topic lists its listeners once': (s) => {
      for (const listeners of Object.values(s.context.subscriptions)) {
        expect(listeners.length).toBeGreaterThan(0);
        expect(new Set(listeners).size).toBe(listeners.length);
      }
    },
  },
  rules: {
    'a dropped line is tried again after 4 s, with a new socket': (step) => {
      if (step.after.matches('disconnected'))
        expect(step.pending.map((t) => t.delay)).toEqual([WEBSOCKET_RECONNECT_MS]);
      if (step.timed && step.before?.matches('disconnected')) {
        expect(step.after.matches({ online: 'connecting' })).toBe(true);
        expect(starts(step, 'socket')).toHaveLength(1);
      }
    },
    'a connected line is checked every 4 s, and dropped when a ping went unanswered': (step) => {
      if (connected(step.after)) expect(step.pending.map((t) => t.delay)).toEqual([WEBSOCKET_RECONNECT_MS]);
      if (!step.timed || !connected(step.before)) return;
      if (step.before?.context.awaitingPong) {
        expect(step.after.matches('disconnected')).toBe(true);
        expect(stops(step, 'socket')).toBe(true);
      } else {
        expect(socketCommands(step)).toEqual([{ command: 'ping' }]);
      }
    },
    'never subscribes twice to a topic on one connection': (step) => {
      const topics = socketCommands(step)
        .filter((c) => c.command === 'subscribe')
        .map((c) => (c as { topic: string }).topic);
      expect(new Set(topics).size).toBe(topics.length);
      const entered = connected(step.after) && !connected(step.before);
      if (entered) expect(topics.sort()).toEqual(Object.keys(step.after.context.subscriptions).sort());
      else for (const topic of topics) expect(step.before?.context.subscriptions[topic] ?? []).toEqual([]);
    },
    'unsubscribes only when the last listener leaves': (step) => {
      for (const command of socketCommands(step).filter((c) => c.command === 'unsubscribe')) {
        const topic = (command as { topic: string }).topic;
        expect(step.before?.context.subscriptions[topic]).toHaveLength(1);
        expect(step.after.context.subscriptions[topic]).toBeUndefined();
      }
    },
    'nothing is said on a line that is not connected': (step) => {
      if (!connected(step.after)) expect(sends(step, 'socket')).toEqual([]);
    },
    'messages and connections reach the listeners': (step) => {
      const e = step.event as RealtimeEvent;
      const heard = e.type === 'socket.message' && connected(step.before) && e.message.data.type !== 'pong';
      expect(calls(step, 'forward')).toEqual(heard ? [{ message: (e as { message: unknown }).message }] : []);
      const entered = connected(step.after) && !connected(step.before);
      expect(calls(step, 'announceConnected')).toHaveLength(entered ? 1 : 0);
    },
    'an expired token is refreshed before the line is made again': (step) => {
      const e = step.event as RealtimeEvent;
      if (e.type === 'socket.closed' && step.before?.matches('online')) {
        const expired = e.code === REALTIME_CLOSE.tokenExpired;
        expect(starts(step, 'refreshToken')).toHaveLength(expired ? 1 : 0);
        expect(starts(step, 'socket')).toEqual([]);
      }
    },
  },
});

/** A socket effect that records what the machine sends and lets the test speak for the server. */
function scriptedSocket() {
  const sent: SocketCommand['command'][] = [];
  let speak: ((e: unknown) => void) | null = null;
  let opened = 0;
  const socket = fromCallback<SocketCommand>(({ sendBack, receive }) => {
    opened++;
    speak = sendBack as (e: unknown) => void;
    receive((e) => sent.push(e.command));
    return () => {
      speak = null;
    };
  });
  return { socket, sent, say: (e: unknown) => speak?.(e), opens: () => opened };
}

/** A stand-in subscriber that records what the realtime actor delivers to it. */
function recorder() {
  const got: unknown[] = [];
  const machine = createMachine({
    on: { '*': { actions: ({ event }) => void got.push(event) } },
  });
  return { machine, got };
}

describe('realtime connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(refresh = pendingActor()) {
    const line = scriptedSocket();
    const listener = recorder();
    const parent = createMachine({
      invoke: [
        { id: 'listener', systemId: 'listener', src: 'listener' },
        {
          id: 'realtime',
          systemId: 'realtime',
          src: 'realtime',
          input: { subscriptions: { 'private-app-changes': ['listener'] } },
        },
      ],
    }).provide({
      actors: {
        listener: listener.machine,
        realtime: realtimeMachine.provide({ actors: { socket: line.socket, refreshToken: refresh } }),
      },
    } as never);
    const root = createActor(parent).start();
    const realtime = root.system.get('realtime');
    return { root, realtime, line, got: listener.got };
  }

  it('subscribes every remembered topic on connect, forwards messages and announces the connection', () => {
    const { realtime, line, got } = start();
    realtime.send({ type: 'realtime.subscribe', topic: 'private-users.7', subscriber: 'listener' });
    expect(line.sent).toEqual([]);
    line.say({ type: 'socket.opened' });
    expect(line.sent).toEqual([
      { command: 'subscribe', topic: 'private-app-changes' },
      { command: 'subscribe', topic: 'private-users.7' },
    ]);
    expect(got).toContainEqual({ type: 'realtime.connected' });
    line.say(message('RoleChangedEvent'));
    line.say(message('Unheard', 'private-other'));
    expect(got).toContainEqual({
      type: 'realtime.message',
      topic: 'private-app-changes',
      data: { type: 'RoleChangedEvent' },
    });
    expect(got.filter((e) => (e as { type: string }).type === 'realtime.message')).toHaveLength(1);
    // A second listener of a known topic sends nothing; the last one leaving unsubscribes.
    realtime.send({ type: 'realtime.subscribe', topic: 'private-users.7', subscriber: 'other' });
    realtime.send({ type: 'realtime.unsubscribe', topic: 'private-users.7', subscriber: 'listener' });
    expect(line.sent).toHaveLength(2);
    realtime.send({ type: 'realtime.unsubscribe', topic: 'private-users.7', subscriber: 'other' });
    expect(line.sent.at(-1)).toEqual({ command: 'unsubscribe', topic: 'private-users.7' });
  });

  it('pings every 4 s and drops a line that stopped answering, then reconnects 4 s later', () => {
    const { realtime, line } = start();
    line.say({ type: 'socket.opened' });
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_MS);
    expect(line.sent.at(-1)).toEqual({ command: 'ping' });
    line.say(message('pong', ''));
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_MS);
    expect(selectRealtimeStatus(realtime.getSnapshot())).toBe('connected');
    // This ping goes unanswered.
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_MS);
    expect(selectRealtimeStatus(realtime.getSnapshot())).toBe('disconnected');
    expect(selectIsReconnecting(realtime.getSnapshot())).toBe(true);
    expect(line.opens()).toBe(1);
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_MS);
    expect(line.opens()).toBe(2);
    expect(selectRealtimeStatus(realtime.getSnapshot())).toBe('connecting');
  });

  it('a close for an expired token refreshes through the session before reconnecting', async () => {
    let settle: () => void = () => {};
    const refresh = fromPromise<void>(() => new Promise<void>((resolve) => (settle = resolve)));
    const { realtime, line } = start(refresh);
    line.say({ type: 'socket.opened' });
    line.say({ type: 'socket.closed', code: REALTIME_CLOSE.tokenExpired });
    expect(realtime.getSnapshot().value).toBe('refreshing');
    expect(line.opens()).toBe(1);
    settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(line.opens()).toBe(2);
    line.say({ type: 'socket.opened' });
    expect(line.sent.filter((c) => c.command === 'subscribe')).toHaveLength(2);
  });
});
