import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { type DeviceLink, DeviceLinkError, type DeviceLogLine, type EventsHandler, type Unsubscribe } from './link';
import {
  AckSchema,
  type DeviceStatus,
  EventsSchema,
  parsePayload,
  type RequestKind,
  ResponseSchema,
  requestText,
  StatusSchema,
} from './protocol';
import { parseTopic, topicOf } from './topics';

/**
 * The half of a DeviceLink that does not care which broker carries it: request correlation and
 * timeouts, who is online (from the status topic), event dispatch and acks (after the handlers
 * stored them), logs. An implementation gives it `publish` and feeds it what arrives.
 */

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** Publishes one message; QoS 1 unless said. */
export type Publish = (topic: string, payload: Buffer, qos: 0 | 1) => Promise<void>;

interface Pending {
  serial: string;
  resolve(body: Record<string, unknown>): void;
  reject(error: DeviceLinkError): void;
  timer: NodeJS.Timeout;
}

const LogSchema = v.object({ at: v.string(), level: v.optional(v.string(), 'info'), text: v.string() });

export type LinkCore = ReturnType<typeof createLinkCore>;

export function createLinkCore(publish: Publish) {
  const pending = new Map<string, Pending>();
  const statuses = new Map<string, DeviceStatus>();
  let onlineCount = 0;
  const statusHandlers = new Set<(serial: string, status: DeviceStatus) => void>();
  const eventHandlers = new Set<EventsHandler>();
  const logHandlers = new Set<(serial: string, line: DeviceLogLine) => void>();
  const add = <T>(set: Set<T>, item: T): Unsubscribe => {
    set.add(item);
    return () => set.delete(item);
  };

  function settle(id: string): Pending | undefined {
    const entry = pending.get(id);
    if (entry) {
      pending.delete(id);
      clearTimeout(entry.timer);
    }
    return entry;
  }

  function setStatus(serial: string, status: DeviceStatus) {
    const was = statuses.get(serial)?.online === true;
    statuses.set(serial, status);
    onlineCount += (status.online ? 1 : 0) - (was ? 1 : 0);
    if (!status.online) {
      for (const [id, entry] of pending)
        if (entry.serial === serial) settle(id)?.reject(new DeviceLinkError('offline', serial));
    }
    for (const handler of statusHandlers) handler(serial, status);
  }

  async function ingest(serial: string, payload: Buffer) {
    const batch = parsePayload(EventsSchema, payload);
    if (!batch || batch.events.length === 0) return;
    try {
      await Promise.all([...eventHandlers].map((handler) => handler(serial, batch.events)));
    } catch {
      return; // not stored: no ack, the device sends them again
    }
    const ack = v.parse(AckSchema, { ids: batch.events.map((event) => event.id) });
    await publish(topicOf(serial, 'ack'), Buffer.from(JSON.stringify(ack)), 1).catch(() => {});
  }

  function receive(topic: string, payload: Buffer) {
    const parsed = parseTopic(topic);
    if (!parsed) return;
    const { serial, channel } = parsed;
    if (channel === 'res') {
      const response = parsePayload(ResponseSchema, payload);
      const entry = response && pending.get(response.id);
      if (!response || !entry || entry.serial !== serial) return; // late, unknown, or not that device's
      settle(response.id);
      if (response.ok) entry.resolve(response.body ?? {});
      else
        entry.reject(new DeviceLinkError('refused', serial, response.error?.code ?? 'error', response.error?.message));
    } else if (channel === 'status') {
      const status = parsePayload(StatusSchema, payload);
      if (status) setStatus(serial, status);
    } else if (channel === 'event') {
      void ingest(serial, payload);
    } else if (channel === 'log') {
      const line = parsePayload(LogSchema, payload);
      if (line) for (const handler of logHandlers) handler(serial, line);
    }
  }

  const link: Pick<
    DeviceLink,
    'request' | 'onStatus' | 'onEvents' | 'onLog' | 'isOnline' | 'onlineSerials' | 'lastStatus'
  > = {
    request(serial: string, kind: RequestKind, body = {}, options = {}) {
      if (statuses.get(serial)?.online !== true) return Promise.reject(new DeviceLinkError('offline', serial));
      const id = options.id ?? randomUUID();
      // The same id twice at once would share one answer slot: the earlier one gives way.
      settle(id)?.reject(new DeviceLinkError('closed', serial));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => settle(id)?.reject(new DeviceLinkError('timeout', serial)),
          options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        );
        pending.set(id, { serial, resolve, reject, timer });
        const message = requestText({ id, kind, at: new Date().toISOString(), body });
        publish(topicOf(serial, 'req'), Buffer.from(message), 1).catch(() =>
          settle(id)?.reject(new DeviceLinkError('closed', serial)),
        );
      });
    },
    onStatus: (handler) => add(statusHandlers, handler),
    onEvents: (handler) => add(eventHandlers, handler),
    onLog: (handler) => add(logHandlers, handler),
    isOnline: (serial) => statuses.get(serial)?.online === true,
    onlineSerials: () => [...statuses].filter(([, status]) => status.online).map(([serial]) => serial),
    lastStatus: (serial) => statuses.get(serial) ?? null,
  };

  return {
    link,
    receive,
    onlineCount: () => onlineCount,
    pendingCount: () => pending.size,
    /** The broker went away: every pending request fails, every device counts as offline. */
    reset(reason: string) {
      for (const [id, entry] of pending) settle(id)?.reject(new DeviceLinkError('closed', entry.serial));
      for (const [serial, status] of statuses) if (status.online) setStatus(serial, { online: false, reason });
    },
  };
}
