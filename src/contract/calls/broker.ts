import * as v from 'valibot';
import { anyOf, defineCalls, envelope } from '../call';

/**
 * The device broker (7.8): `/broker/status` and `/broker/restart`, answering the device link's
 * status (server/mqtt/link.ts `BrokerStatus`), the embedded broker or MQTT_URL's. Access as the
 * SIP service's (7.8 lists the broker under project settings): viewers of settings and system info
 * read it, changing settings restarts it (docs/decisions.md, Devices).
 */
export const BrokerStatusSchema = v.object({
  mode: v.picklist(['embedded', 'external']),
  /** Embedded: listening; external: connected to the broker. */
  running: v.boolean(),
  started_at: v.nullable(v.string()),
  uptime_s: v.number(),
  /** Embedded: where it listens (none when MQTT_PORT and MQTT_WS_PORT are off). */
  listeners: v.array(v.object({ protocol: v.string(), host: v.string(), port: v.number() })),
  /** External: the broker's URL without credentials. */
  url: v.nullable(v.string()),
  /** Clients of the embedded broker; null for an external one (it does not say). */
  clients: v.nullable(v.number()),
  devices_online: v.number(),
  requests_pending: v.number(),
});
export type BrokerStatusAnswer = v.InferOutput<typeof BrokerStatusSchema>;

export const BROKER_CALLS = defineCalls({
  'GET /broker/status': {
    access: anyOf(['project.view_settings', 'project.change_settings', 'system.view_info']),
    response: envelope(BrokerStatusSchema),
  },
  'POST /broker/restart': { access: anyOf(['project.change_settings']), response: envelope(BrokerStatusSchema) },
});
