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

export async function createExternalLink(options: ExternalLinkOptions): Promise<ExternalLink> {
  const parsed = new URL(options.url);
  const clientOptions: mqtt.IClientOptions = {
    clientId: options.clientId ?? `gatehouse-server-${randomBytes(4).toString('hex')}`,
    username: options.username ?? (decodeURIComponent(parsed.username) || undefined),
    password: options.password ?? (decodeURIComponent(parsed.password) || undefined),
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
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

  async function connect() {
    client = await mqtt.connectAsync(options.url, clientOptions);
    client.on('message', (topic, payload) => core.receive(topic, payload));
    // MQTT.js subscribes again by itself after a reconnect (resubscribe), the session being clean.
    client.on('error', () => {}); // reconnects by itself; status() tells whether it is connected
    await client.subscribeAsync(SUBSCRIPTIONS, { qos: 1 });
    startedAt = new Date();
  }
  await connect();

  return {
    mode: 'external',
    ...core.link,
    status(): BrokerStatus {
      return {
        mode: 'external',
        running: client.connected,
        started_at: startedAt?.toISOString() ?? null,
        uptime_s: startedAt ? Math.floor((Date.now() - startedAt.getTime()) / 1000) : 0,
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
      await connect();
    },
    async close() {
      await client.endAsync(true);
      core.reset('link_closed');
    },
  };
}
