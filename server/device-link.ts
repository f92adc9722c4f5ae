import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { deviceAuthenticator } from './domain/devices/broker-access';
import { createDeviceLink } from './mqtt/create-link';
import type { DeviceLink } from './mqtt/link';
import { resolveBrokerCredential } from './secrets';

/** Listener ports instead of the configuration's (tests: 0 for any free port). */
export interface BrokerPorts {
  port: number | null;
  websocketPort: number | null;
}

/**
 * The app's one device link: MQTT_URL's broker, else the embedded one on MQTT_PORT and
 * MQTT_WS_PORT (TLS with MQTT_TLS_*), devices checked against the devices table, the server's
 * own credential generated into DATA_DIR.
 */
export function startDeviceLink(config: Config, db: Kysely<Database>, ports?: BrokerPorts): Promise<DeviceLink> {
  const { mqtt } = config;
  if (mqtt.url) return createDeviceLink({ url: mqtt.url });
  const tls = mqtt.tlsKey && mqtt.tlsCert ? { key: readFileSync(mqtt.tlsKey), cert: readFileSync(mqtt.tlsCert) } : null;
  return createDeviceLink({
    embedded: {
      host: config.host,
      port: ports ? ports.port : mqtt.port,
      websocketPort: ports ? ports.websocketPort : mqtt.wsPort,
      tls,
      authenticate: deviceAuthenticator(db),
      server: resolveBrokerCredential(config),
    },
  });
}
