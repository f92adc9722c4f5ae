import { ERROR_CODES } from '../../src/contract/errors';
import {
  CLIENT_EVENT_PREFIX,
  REALTIME_CONTROL,
  type RealtimeCommand,
  type RealtimeData,
} from '../../src/contract/realtime';
import type { Auth } from '../domain/auth/auth-context';
import type { BusMessage, RealtimeBus } from './bus';
import type { Realtime, TopicCheck } from './realtime';

/** Whether a session-end message names this connection's session. */
function ended(auth: Auth, message: Extract<BusMessage, { kind: 'sessionsEnded' }>): boolean {
  if (message.familyId !== undefined) return auth.familyId === message.familyId;
  return (
    auth.userId === message.userId &&
    auth.familyId !== message.exceptFamilyId &&
    (message.projectId === undefined || auth.projectId === message.projectId)
  );
}

/** One websocket as the hub sees it. */
export interface HubConnection {
  auth: Auth;
  send(text: string): void;
  /** Ends the socket because its session ended (the console goes to login). */
  close(): void;
}

interface TopicRule {
  check: TopicCheck;
  clientPublish: boolean;
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
  const rules = new Map<string, TopicRule>();
  const byTopic = new Map<string, Set<HubConnection>>();
  const byConnection = new Map<HubConnection, Set<string>>();

  const deliver = (message: BusMessage) => {
    if (message.kind === 'sessionsEnded') {
      for (const connection of [...byConnection.keys()]) if (ended(connection.auth, message)) connection.close();
      return;
    }
    const subscribers = byTopic.get(message.topic);
    if (!subscribers || subscribers.size === 0) return;
    const text = JSON.stringify({ topic: message.topic, data: message.data });
    for (const connection of subscribers) {
      // Topics are per project: a console logged into another project hears nothing of this one.
      if (message.projectId === null || connection.auth.projectId === message.projectId) connection.send(text);
    }
  };
  const stopListening = bus.listen(deliver);

  const send = (message: BusMessage) =>
    bus.publish(message).catch((error) => log.warn({ err: error, kind: message.kind }, 'realtime: publish failed'));

  const realtime: Realtime = {
    publish(topic, data, scope) {
      void send({ kind: 'event', topic, data, projectId: scope.projectId });
    },
    authorize(prefix, check, options) {
      rules.set(prefix, { check, clientPublish: options?.clientPublish ?? false });
    },
    endSessions(which) {
      void send({ kind: 'sessionsEnded', ...which });
    },
  };

  /** The rule of the longest prefix of `topic`, or null (unknown topics are refused). */
  const ruleOf = (topic: string): { rule: TopicRule; rest: string } | null => {
    let best: string | null = null;
    for (const prefix of rules.keys()) {
      if (topic.startsWith(prefix) && (best === null || prefix.length > best.length)) best = prefix;
    }
    const rule = best === null ? undefined : rules.get(best);
    return rule && best !== null ? { rule, rest: topic.slice(best.length) } : null;
  };

  const mayListen = async (auth: Auth, topic: string): Promise<boolean> => {
    const found = ruleOf(topic);
    if (!found) return false;
    try {
      return await found.rule.check(auth, found.rest);
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
          // Topics are the server's: clients speak only where a topic allows it, on topics they
          // listen to, in their own event namespace, and only to their own project.
          const open = ruleOf(command.topic)?.rule.clientPublish ?? false;
          if (!open || !topics.has(command.topic) || !command.data.type.startsWith(CLIENT_EVENT_PREFIX)) {
            reply(connection, command.topic, { type: REALTIME_CONTROL.error, message: ERROR_CODES.methodProhibited });
            return;
          }
          realtime.publish(
            command.topic,
            { ...command.data, from: connection.auth.userId },
            { projectId: connection.auth.projectId },
          );
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
