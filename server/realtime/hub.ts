import { ERROR_CODES } from '../../src/contract/errors';
import {
  CLIENT_EVENT_PREFIX,
  REALTIME_CONTROL,
  type RealtimeCommand,
  type RealtimeData,
} from '../../src/contract/realtime';
import type { Auth } from '../domain/auth/auth-context';
import type { RealtimeBus } from './bus';
import type { Realtime, TopicCheck } from './realtime';

/** One websocket as the hub sees it. */
export interface HubConnection {
  auth: Auth;
  send(text: string): void;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * The topic hub of one server node: authorises subscriptions by topic prefix,
 * keeps topic → connections, and delivers what the bus carries. Serialising a
 * message once per event (not per connection) keeps fan-out cheap.
 */
export function createHub(bus: RealtimeBus, log: Logger) {
  const checks = new Map<string, TopicCheck>();
  const byTopic = new Map<string, Set<HubConnection>>();
  const byConnection = new Map<HubConnection, Set<string>>();

  const stopListening = bus.listen((topic, data) => {
    const subscribers = byTopic.get(topic);
    if (!subscribers || subscribers.size === 0) return;
    const text = JSON.stringify({ topic, data });
    for (const connection of subscribers) connection.send(text);
  });

  const realtime: Realtime = {
    publish(topic, data) {
      bus.publish(topic, data).catch((error) => log.warn({ err: error, topic }, 'realtime: publish failed'));
    },
    authorize(prefix, check) {
      checks.set(prefix, check);
    },
  };

  const mayListen = async (auth: Auth, topic: string): Promise<boolean> => {
    let best: string | null = null;
    for (const prefix of checks.keys()) {
      if (topic.startsWith(prefix) && (best === null || prefix.length > best.length)) best = prefix;
    }
    if (best === null) return false;
    try {
      return await checks.get(best)!(auth, topic.slice(best.length));
    } catch (error) {
      log.warn({ err: error, topic }, 'realtime: topic check failed');
      return false;
    }
  };

  const reply = (connection: HubConnection, topic: string, data: RealtimeData) =>
    connection.send(JSON.stringify({ topic, data }));

  return {
    realtime,
    /** Starts tracking a connection; call `leave` when it closes. */
    join(connection: HubConnection) {
      byConnection.set(connection, new Set());
    },
    leave(connection: HubConnection) {
      for (const topic of byConnection.get(connection) ?? []) {
        const set = byTopic.get(topic);
        set?.delete(connection);
        if (set?.size === 0) byTopic.delete(topic);
      }
      byConnection.delete(connection);
    },
    /** Carries out one parsed command of a connection. */
    async command(connection: HubConnection, command: RealtimeCommand) {
      const topics = byConnection.get(connection);
      if (!topics) return;
      switch (command.command) {
        case 'ping':
          reply(connection, '', { type: REALTIME_CONTROL.pong });
          return;
        case 'subscribe': {
          if (!(await mayListen(connection.auth, command.topic))) {
            reply(connection, command.topic, { type: REALTIME_CONTROL.refused, message: ERROR_CODES.methodProhibited });
            return;
          }
          // The connection may have closed while the check ran.
          if (!byConnection.has(connection)) return;
          topics.add(command.topic);
          const set = byTopic.get(command.topic) ?? new Set<HubConnection>();
          byTopic.set(command.topic, set);
          set.add(connection);
          reply(connection, command.topic, { type: REALTIME_CONTROL.subscribed });
          return;
        }
        case 'unsubscribe': {
          topics.delete(command.topic);
          const set = byTopic.get(command.topic);
          set?.delete(connection);
          if (set?.size === 0) byTopic.delete(command.topic);
          return;
        }
        case 'publish': {
          // Clients speak only on topics they listen to, and only in their own event namespace.
          if (!topics.has(command.topic) || !command.data.type.startsWith(CLIENT_EVENT_PREFIX)) {
            reply(connection, command.topic, { type: REALTIME_CONTROL.error, message: ERROR_CODES.methodProhibited });
            return;
          }
          realtime.publish(command.topic, { ...command.data, from: connection.auth.userId });
          return;
        }
      }
    },
    /** How many connections listen to a topic on this node (tests and metrics). */
    listeners(topic: string): number {
      return byTopic.get(topic)?.size ?? 0;
    },
    async close() {
      stopListening();
      byTopic.clear();
      byConnection.clear();
      await bus.close();
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
