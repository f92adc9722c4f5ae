import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { BrokerStatus, DeviceLink } from './link';
import { createLinkCore } from './link-core';
import { everyDevice } from './topics';

/**
 * The DeviceLink over an external broker (MQTT_URL: Mosquitto, EMQX, VerneMQ, or another aedes),
 * through MQTT.js. The server connects with its own credential (in the URL or given apart) and
 * subscribes to every device's res, status, event and log; retained statuses tell it who is
 * online when it (re)connects. The broker itself enforces device rights (its ACL file).
 */

export interface ExternalLinkOptions {
  /** `mqtt://`, `mqtts://`, `ws://` or `wss://`, optionally with `user:password@`. */
  url: string;
  username?: string;
  password?: string;
  /** Default `gatehouse-server-<random>`: several server nodes may share one broker. */
  clientId?: string;
  /** Extra MQTT.js options (CA for mqtts, …). */
  connect?: mqtt.IClientOptions;
}

export interface ExternalLink extends DeviceLink {
  readonly mode: 'external';
}

const SUBSCRIPTIONS = ['res', 'status', 'event', 'log'].map((channel) => everyDevice(channel as 'res'));

/** The URL without user and password, for status answers and logs. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

/** CONNACK refusals of the server's own credential (MQTT 3.1.1: 4, 5; MQTT 5: 134, 135): final. */
const REFUSED = new Set([4, 5, 134, 135]);

export async function createExternalLink(options: ExternalLinkOptions): Promise<ExternalLink> {
  const parsed = new URL(options.url);
  const clientOptions: mqtt.IClientOptions = {
    clientId: options.clientId ?? `gatehouse-server-${randomBytes(4).toString('hex')}`,
    username: options.username ?? (decodeURIComponent(parsed.username) || undefined),
    password: options.password ?? (decodeURIComponent(parsed.password) || undefined),
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    // Subscribed on every connect below: the session is clean, and the first connect needs it too.
    resubscribe: false,
    // A broker that answers "unavailable" while it starts is tried again, like one that is down.
    reconnectOnConnackError: true,
    ...options.connect,
  };
  let client: MqttClient;
  let startedAt: Date | null = null;
  const core = createLinkCore(
    (topic, payload, qos) =>
      new Promise((resolve, reject) => {
        if (!client.connected) return reject(new Error('not connected'));
        client.publish(topic, payload, { qos }, (error) => (error ? reject(error) : resolve()));
      }),
  );

  /**
   * Connects and settles at the first outcome: connected and subscribed, or the broker unreachable
   * (then MQTT.js keeps trying every reconnectPeriod in the background, and status() says not
   * running meanwhile), or our credential refused (rejects: a configuration error, not an outage).
   * Not mqtt.connectAsync: it ends the client at the first network error, so a broker that is down
   * at start would make the server's start fail (docs/decisions.md, Devices).
   */
  function open(): Promise<void> {
    // The credential goes apart: MQTT.js would split `user:pass` of the URL at its last colon.
    const current = mqtt.connect(withoutCredentials(options.url), clientOptions);
    client = current;
    let settled = false;
    return new Promise<void>((resolve, reject) => {
      const settle = () => {
        settled = true;
        resolve();
      };
      current.on('message', (topic, payload) => core.receive(topic, payload));
      current.on('connect', () => {
        current.subscribe(SUBSCRIPTIONS, { qos: 1 }, (error) => {
          if (error) return; // the connection went away meanwhile; the next connect subscribes again
          startedAt = new Date();
          settle();
        });
      });
      current.on('close', () => {
        startedAt = null;
        settle();
      });
      current.on('error', (error: Error & { code?: unknown }) => {
        // Refused at start: the configuration is wrong, say so. Later (a credential rotated on the
        // broker) and anything else (the network): MQTT.js tries again by itself; status() tells.
        if (!settled && typeof error.code === 'number' && REFUSED.has(error.code)) {
          current.end(true);
          reject(error);
        }
      });
    });
  }
  await open();

  return {
    mode: 'external',
    ...core.link,
    status(): BrokerStatus {
      const running = client.connected && startedAt !== null;
      return {
        mode: 'external',
        running,
        started_at: running ? (startedAt?.toISOString() ?? null) : null,
        uptime_s: running && startedAt ? Math.floor((Date.now() - startedAt.getTime()) / 1000) : 0,
        listeners: [],
        url: withoutCredentials(options.url),
        clients: null,
        devices_online: core.onlineCount(),
        requests_pending: core.pendingCount(),
      };
    },
    async restart() {
      // We cannot restart someone else's broker: we drop our connection and make it again.
      await client.endAsync(true);
      core.reset('link_restart');
      await open();
    },
    async close() {
      await client.endAsync(true);
      core.reset('link_closed');
    },
  };
}
