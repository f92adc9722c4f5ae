import type { AedesPublishPacket } from 'aedes';
import { type BrokerOptions, type EmbeddedBroker, startEmbeddedBroker } from './broker';
import type { BrokerStatus, DeviceLink } from './link';
import { createLinkCore } from './link-core';
import { everyDevice } from './topics';

/**
 * The DeviceLink over the embedded broker: the server publishes and subscribes inside the
 * process (no socket, no credential needed), devices connect over TCP or WebSocket.
 */

export interface EmbeddedLink extends DeviceLink {
  readonly mode: 'embedded';
  /** The running broker (listeners, aedes), for tests and status. */
  broker(): EmbeddedBroker;
}

const CHANNELS = ['res', 'status', 'event', 'log'] as const;

export async function createEmbeddedLink(options: BrokerOptions): Promise<EmbeddedLink> {
  let broker: EmbeddedBroker;
  let running = false;
  const core = createLinkCore(
    (topic, payload, qos) =>
      new Promise((resolve, reject) => {
        if (!running) return reject(new Error('broker stopped'));
        broker.aedes.publish({ cmd: 'publish', topic, payload, qos, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        );
      }),
  );
  const deliver = (packet: AedesPublishPacket, done: () => void) => {
    core.receive(packet.topic, packet.payload as Buffer);
    done();
  };

  async function start(from: BrokerOptions) {
    broker = await startEmbeddedBroker(from);
    await Promise.all(
      CHANNELS.map(
        (channel) => new Promise<void>((resolve) => broker.aedes.subscribe(everyDevice(channel), deliver, resolve)),
      ),
    );
    running = true;
  }
  let tls = options.tls ?? null;
  await start(options);
  // A restart comes back on the ports it got, so devices find it again (port 0 in tests included).
  const portOf = (protocols: string[]) => broker.listeners.find((l) => protocols.includes(l.protocol))?.port ?? null;
  const again = (): BrokerOptions => ({
    ...options,
    tls,
    port: portOf(['mqtt', 'mqtts']),
    websocketPort: portOf(['ws', 'wss']),
  });

  async function stop(reason: string) {
    running = false;
    core.reset(reason);
    await broker.close();
  }

  return {
    mode: 'embedded',
    ...core.link,
    broker: () => broker,
    status(): BrokerStatus {
      return {
        mode: 'embedded',
        running,
        started_at: broker.startedAt.toISOString(),
        uptime_s: Math.floor((Date.now() - broker.startedAt.getTime()) / 1000),
        listeners: broker.listeners.map((l) => ({ ...l })),
        url: null,
        clients: running ? broker.clientCount() : 0,
        devices_online: core.onlineCount(),
        requests_pending: core.pendingCount(),
      };
    },
    async restart() {
      // A certificate uploaded since the start (project settings) is taken now.
      if (options.reloadTls) tls = await options.reloadTls();
      const next = again();
      await stop('broker_restart');
      await start(next);
    },
    certificate: () => (tls ? tls.cert.toString() : null),
    async close() {
      if (running) await stop('broker_stopped');
    },
  };
}
