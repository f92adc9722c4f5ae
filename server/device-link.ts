import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { deviceAuthenticator } from './domain/devices/broker-access';
import { followMosquittoLogins, type MosquittoSync } from './domain/devices/mosquitto-sync';
import { brokerTls } from './domain/project/broker-certificates';
import { createDeviceLink } from './mqtt/create-link';
import { connectDynsec } from './mqtt/dynsec';
import type { DeviceLink } from './mqtt/link';
import { resolveBrokerCredential } from './secrets';

/** Listener ports instead of the configuration's (tests: 0 for any free port). */
export interface BrokerPorts {
  port: number | null;
  websocketPort: number | null;
}

/**
 * The app's one device link: MQTT_URL's broker, else the embedded one on MQTT_PORT and
 * MQTT_WS_PORT (TLS with the certificate uploaded in project settings, else MQTT_TLS_*; read
 * again at each restart), devices checked against the devices table, the server's own
 * credential generated into DATA_DIR.
 */
export async function startDeviceLink(config: Config, db: Kysely<Database>, ports?: BrokerPorts): Promise<DeviceLink> {
  const { mqtt } = config;
  if (mqtt.url) return createDeviceLink({ url: mqtt.url });
  const fromEnvironment = () =>
    mqtt.tlsKey && mqtt.tlsCert ? { key: readFileSync(mqtt.tlsKey), cert: readFileSync(mqtt.tlsCert) } : null;
  const tls = async () => (await brokerTls(db)) ?? fromEnvironment();
  return createDeviceLink({
    embedded: {
      host: config.host,
      port: ports ? ports.port : mqtt.port,
      websocketPort: ports ? ports.websocketPort : mqtt.wsPort,
      tls: await tls(),
      reloadTls: tls,
      authenticate: deviceAuthenticator(db),
      server: resolveBrokerCredential(config),
    },
  });
}

/**
 * MQTT_DYNSEC: the devices' logins kept in Mosquitto's dynamic security plugin. The server's
 * role is given before the link subscribes (it needs it to); a broker that is not there yet is
 * tried again by the poll, and the link subscribes again when it reconnects.
 */
export async function startMosquittoSync(
  config: Config,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<{ sync: MosquittoSync; close(): Promise<void> } | null> {
  const { url, dynsec: enabled } = config.mqtt;
  if (!url || !enabled) return null;
  const dynsec = connectDynsec(url, { connectTimeout: 5_000 });
  const serverUsername = decodeURIComponent(new URL(url).username) || null;
  const sync = followMosquittoLogins({ db, dynsec, serverUsername, log });
  await sync
    .syncNow()
    .catch((error: unknown) => log.warn({ err: error }, 'mosquitto logins not synchronised at start'));
  return {
    sync,
    async close() {
      await sync.stop();
      await dynsec.close();
    },
  };
}
