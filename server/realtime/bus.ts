import { EventEmitter } from 'node:events';
import type { RealtimeData } from '../../src/contract/realtime';

export type BusListener = (topic: string, data: RealtimeData) => void;

/**
 * Carries published events to every server node's hub. In one process this is
 * an in-memory emitter; on PostgreSQL it is LISTEN/NOTIFY (pg-bus.ts), so
 * nodes sharing one database deliver each other's events.
 */
export interface RealtimeBus {
  /** Settles once this node receives events (the PostgreSQL bus is listening). */
  ready: Promise<void>;
  publish(topic: string, data: RealtimeData): Promise<void>;
  /** Calls `listener` for every event published on any node; returns the unsubscribe. */
  listen(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** The in-process bus: delivery is synchronous with publish, in publish order. */
export function createLocalBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    ready: Promise.resolve(),
    async publish(topic, data) {
      emitter.emit('event', topic, data);
    },
    listen(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
