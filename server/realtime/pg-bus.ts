import type pg from 'pg';
import * as v from 'valibot';
import { loadPg } from '../lazy-packages';
import { type BusListener, type BusMessage, BusMessageSchema, type RealtimeBus } from './bus';

/** The NOTIFY channel all nodes listen on. */
export const PG_CHANNEL = 'gatehouse_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

interface Logger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * A bus over LISTEN/NOTIFY: one dedicated connection listens (and reconnects
 * when it drops); publishing is `pg_notify` on a pooled connection, so the
 * event reaches this node too through the same path as every other node,
 * keeping one order for all. An event too large for NOTIFY is delivered on this
 * node only, with a warning: events carry ids and short texts, never documents.
 */
export function createPgBus(connectionString: string, log: Logger): RealtimeBus {
  const pg = loadPg();
  const listeners = new Set<BusListener>();
  const pool = new pg.Pool({ connectionString, max: 2 });
  pool.on('error', (error) => log.warn({ err: error }, 'realtime bus: idle connection failed'));
  let listener: pg.Client | null = null;
  let closed = false;
  let reconnect: NodeJS.Timeout | null = null;

  const deliver = (message: BusMessage) => {
    for (const l of listeners) l(message);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      try {
        const parsed = v.safeParse(BusMessageSchema, JSON.parse(message.payload));
        if (parsed.success) deliver(parsed.output);
      } catch (error) {
        log.warn({ err: error }, 'realtime bus: unreadable notification');
      }
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'realtime bus: listening connection failed');
      scheduleReconnect();
    });
    client.on('end', () => scheduleReconnect());
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
      listener = client;
    } catch (error) {
      log.warn({ err: error }, 'realtime bus: could not listen');
      client.end().catch(() => {});
      scheduleReconnect();
    }
  };
  const scheduleReconnect = () => {
    if (closed || reconnect) return;
    listener = null;
    reconnect = setTimeout(() => {
      reconnect = null;
      void connect();
    }, RECONNECT_MS);
  };
  const ready = connect();

  return {
    ready,
    async publish(message) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        const topic = message.kind === 'event' ? message.topic : message.kind;
        log.warn({ topic, bytes: Buffer.byteLength(payload) }, 'realtime bus: message too large to share');
        deliver(message);
        return;
      }
      await ready;
      await pool.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, payload]);
    },
    listen(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async close() {
      closed = true;
      if (reconnect) clearTimeout(reconnect);
      listeners.clear();
      await ready;
      await listener?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
