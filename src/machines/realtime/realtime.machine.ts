import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { WEBSOCKET_RECONNECT_MS } from '../../contract/constants';
import { REALTIME_CLOSE, REALTIME_CONTROL, type RealtimeMessage } from '../../contract/realtime';
import type {
  RealtimeContext,
  RealtimeEvent,
  RealtimeInput,
  RealtimeStatus,
  SocketCommand,
  SocketEvent,
  Subscriptions,
} from './realtime.types';

const addSubscriber = (subs: Subscriptions, topic: string, subscriber: string): Subscriptions => {
  const now = subs[topic] ?? [];
  return now.includes(subscriber) ? subs : { ...subs, [topic]: [...now, subscriber] };
};

const removeSubscriber = (subs: Subscriptions, topic: string, subscriber: string): Subscriptions => {
  const rest = (subs[topic] ?? []).filter((s) => s !== subscriber);
  const { [topic]: _gone, ...others } = subs;
  return rest.length > 0 ? { ...others, [topic]: rest } : others;
};

/**
 * The realtime connection (7.10): connecting → connected → disconnected, and
 * back every 4 s. While connected it pings every 4 s; a ping left unanswered
 * until the next check counts as a dead line. Subscriptions are kept across
 * reconnects and sent again on each connection. A close for an expired token
 * refreshes the token through the session before reconnecting.
 * Messages are forwarded to the subscribed actors by systemId, as
 * `realtime.message`; each connection is announced as `realtime.connected`.
 */
export const realtimeMachine = setup({
  types: {
    context: {} as RealtimeContext,
    events: {} as RealtimeEvent,
    input: {} as RealtimeInput,
    tags: {} as RealtimeStatus,
  },
  actors: {
    /** Opens the websocket with the current token; reports SocketEvent; takes socket.send. */
    socket: fromCallback<SocketCommand>(() => () => {}),
    /** Resolves once the session holds a fresh token; rejects when it logged out. */
    refreshToken: fromPromise<void>(() => new Promise(() => {})),
  },
  delays: { reconnect: WEBSOCKET_RECONNECT_MS, heartbeat: WEBSOCKET_RECONNECT_MS },
  actions: {
    /** Delivers one message to the actors subscribed to its topic. */
    forward: ({ context, system }, params: { message: RealtimeMessage }) => {
      for (const id of context.subscriptions[params.message.topic] ?? []) {
        system.get(id)?.send({ type: 'realtime.message', topic: params.message.topic, data: params.message.data });
      }
    },
    announceConnected: ({ context, system }) => {
      const everyone = new Set(Object.values(context.subscriptions).flat());
      for (const id of everyone) system.get(id)?.send({ type: 'realtime.connected' });
    },
    /** A new connection knows nothing: every remembered topic is subscribed again. */
    subscribeAll: enqueueActions(({ context, enqueue }) => {
      for (const topic of Object.keys(context.subscriptions)) {
        enqueue.sendTo('socket', { type: 'socket.send', command: { command: 'subscribe', topic } });
      }
    }),
    sendCommand: sendTo('socket', (_, params: { command: SocketCommand['command'] }) => ({
      type: 'socket.send',
      command: params.command,
    })),
    addSubscriber: assign(({ context }, params: { topic: string; subscriber: string }) => ({
      subscriptions: addSubscriber(context.subscriptions, params.topic, params.subscriber),
    })),
    removeSubscriber: assign(({ context }, params: { topic: string; subscriber: string }) => ({
      subscriptions: removeSubscriber(context.subscriptions, params.topic, params.subscriber),
    })),
    countConnection: assign(({ context }) => ({ awaitingPong: false, connections: context.connections + 1 })),
    setAwaitingPong: assign((_, params: { awaiting: boolean }) => ({ awaitingPong: params.awaiting })),
    keepCloseCode: assign((_, params: { code: number }) => ({ lastCloseCode: params.code })),
  },
  guards: {
    isPong: (_, params: { message: RealtimeMessage }) => params.message.data.type === REALTIME_CONTROL.pong,
    isTokenExpired: (_, params: { code: number }) => params.code === REALTIME_CLOSE.tokenExpired,
    isAwaitingPong: ({ context }) => context.awaitingPong,
    isNewTopic: ({ context }, params: { topic: string }) => (context.subscriptions[params.topic] ?? []).length === 0,
    isLastSubscriber: ({ context }, params: { topic: string; subscriber: string }) => {
      const now = context.subscriptions[params.topic] ?? [];
      return now.length === 1 && now[0] === params.subscriber;
    },
  },
}).createMachine({
  id: 'realtime',
  context: ({ input }) => ({
    subscriptions: input.subscriptions ?? {},
    awaitingPong: false,
    lastCloseCode: null,
    connections: 0,
  }),
  initial: 'online',
  on: {
    // Offline, a subscription is only remembered; it is sent on the next connection.
    'realtime.subscribe': { actions: { type: 'addSubscriber', params: ({ event }) => event } },
    'realtime.unsubscribe': { actions: { type: 'removeSubscriber', params: ({ event }) => event } },
  },
  states: {
    online: {
      invoke: { id: 'socket', src: 'socket' },
      initial: 'connecting',
      on: {
        'socket.closed': [
          {
            guard: { type: 'isTokenExpired', params: ({ event }) => ({ code: event.code }) },
            target: 'refreshing',
            actions: { type: 'keepCloseCode', params: ({ event }) => ({ code: event.code }) },
          },
          { target: 'disconnected', actions: { type: 'keepCloseCode', params: ({ event }) => ({ code: event.code }) } },
        ],
      },
      states: {
        connecting: {
          tags: 'connecting',
          on: { 'socket.opened': 'connected' },
        },
        connected: {
          tags: 'connected',
          entry: ['countConnection', 'subscribeAll', 'announceConnected'],
          initial: 'watching',
          states: {
            watching: {
              after: {
                heartbeat: [
                  // Nothing came back since the last ping: drop the line and start again.
                  {
                    guard: 'isAwaitingPong',
                    target: '#realtime.disconnected',
                    actions: { type: 'keepCloseCode', params: { code: 1006 } },
                  },
                  {
                    // Re-entering restarts the 4 s timer.
                    target: 'watching',
                    reenter: true,
                    actions: [
                      { type: 'setAwaitingPong', params: { awaiting: true } },
                      { type: 'sendCommand', params: { command: { command: 'ping' } } },
                    ],
                  },
                ],
              },
            },
          },
          on: {
            'socket.message': [
              {
                guard: { type: 'isPong', params: ({ event }) => ({ message: event.message }) },
                actions: { type: 'setAwaitingPong', params: { awaiting: false } },
              },
              {
                actions: [
                  { type: 'setAwaitingPong', params: { awaiting: false } },
                  { type: 'forward', params: ({ event }) => ({ message: event.message }) },
                ],
              },
            ],
            'realtime.subscribe': [
              {
                guard: { type: 'isNewTopic', params: ({ event }) => ({ topic: event.topic }) },
                actions: [
                  { type: 'addSubscriber', params: ({ event }) => event },
                  {
                    type: 'sendCommand',
                    params: ({ event }) => ({ command: { command: 'subscribe', topic: event.topic } }),
                  },
                ],
              },
              { actions: { type: 'addSubscriber', params: ({ event }) => event } },
            ],
            'realtime.unsubscribe': [
              {
                guard: {
                  type: 'isLastSubscriber',
                  params: ({ event }) => ({ topic: event.topic, subscriber: event.subscriber }),
                },
                actions: [
                  { type: 'removeSubscriber', params: ({ event }) => event },
                  {
                    type: 'sendCommand',
                    params: ({ event }) => ({ command: { command: 'unsubscribe', topic: event.topic } }),
                  },
                ],
              },
              { actions: { type: 'removeSubscriber', params: ({ event }) => event } },
            ],
          },
        },
      },
    },
    /** A token refresh counts as connecting (the line is being made again). */
    refreshing: {
      tags: 'connecting',
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: 'online',
        // No fresh token: the session is logging out and will stop this actor; wait like any drop.
        onError: 'disconnected',
      },
    },
    disconnected: {
      tags: 'disconnected',
      after: { reconnect: 'online' },
    },
  },
});

export type RealtimeMachine = typeof realtimeMachine;
export type { SocketEvent };
