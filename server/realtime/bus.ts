import { EventEmitter } from 'node:events';
import * as v from 'valibot';
import { RealtimeDataSchema } from '../../src/contract/realtime';

/**
 * What travels between server nodes: an event on a topic of one project (or of
 * the installation, `projectId: null`), or the end of login sessions, whose
 * sockets every node closes.
 */
export const BusMessageSchema = v.variant('kind', [
  v.object({
    kind: v.literal('event'),
    topic: v.string(),
    data: RealtimeDataSchema,
    projectId: v.nullable(v.number()),
  }),
  v.object({
    kind: v.literal('sessionsEnded'),
    /** One session (a refresh family) … */
    familyId: v.optional(v.string()),
    /** … or every session of a user, but `exceptFamilyId`. */
    userId: v.optional(v.number()),
    /** Only the user's sessions in this project (removed from one project, still a member of others). */
    projectId: v.optional(v.number()),
    exceptFamilyId: v.optional(v.string()),
  }),
]);
export type BusMessage = v.InferOutput<typeof BusMessageSchema>;

export type BusListener = (message: BusMessage) => void;

/**
 * Carries messages to every server node's hub. In one process this is an
 * in-memory emitter; on PostgreSQL it is LISTEN/NOTIFY (pg-bus.ts), so nodes
 * sharing one database deliver each other's events.
 */
export interface RealtimeBus {
  /** Settles once this node receives messages (the PostgreSQL bus is listening). */
  ready: Promise<void>;
  publish(message: BusMessage): Promise<void>;
  /** Calls `listener` for every message published on any node; returns the unsubscribe. */
  listen(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** The in-process bus: delivery is synchronous with publish, in publish order. */
export function createLocalBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    ready: Promise.resolve(),
    async publish(message) {
      emitter.emit('message', message);
    },
    listen(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
