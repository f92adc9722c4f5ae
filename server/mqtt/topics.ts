/**
 * Topic layout of the device protocol (docs/device-protocol.md): `gh/v0/{serial}/{channel}`,
 * and who may publish or subscribe where.
 */

export const TOPIC_PREFIX = 'gh/v0';

/** Channels a device publishes on. */
export const DEVICE_PUBLISHES = ['res', 'status', 'event', 'log'] as const;
/** Channels a device subscribes to. */
export const DEVICE_SUBSCRIBES = ['req', 'ack'] as const;

export type Channel = (typeof DEVICE_PUBLISHES)[number] | (typeof DEVICE_SUBSCRIBES)[number];

const SERIAL = /^[A-Za-z0-9_.-]{1,64}$/;

/** A serial number that can stand in a topic (no wildcards, no separators). */
export const isSerial = (serial: string) => SERIAL.test(serial);

export const topicOf = (serial: string, channel: Channel) => `${TOPIC_PREFIX}/${serial}/${channel}`;

/** The server's subscription for one channel of every device. */
export const everyDevice = (channel: Channel) => `${TOPIC_PREFIX}/+/${channel}`;

/** `gh/v0/{serial}/{channel}` → its parts, or null for any other topic. */
export function parseTopic(topic: string): { serial: string; channel: Channel } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== TOPIC_PREFIX) return null;
  const [, , serial, channel] = parts as [string, string, string, string];
  if (!isSerial(serial)) return null;
  if (
    !(DEVICE_PUBLISHES as readonly string[]).includes(channel) &&
    !(DEVICE_SUBSCRIBES as readonly string[]).includes(channel)
  )
    return null;
  return { serial, channel: channel as Channel };
}

/** A device may publish only on its own res, status, event and log. */
export function deviceMayPublish(serial: string, topic: string): boolean {
  const parsed = parseTopic(topic);
  return (
    parsed !== null && parsed.serial === serial && (DEVICE_PUBLISHES as readonly string[]).includes(parsed.channel)
  );
}

/** A device may subscribe only to its own req and ack (exact topics, no wildcards). */
export function deviceMaySubscribe(serial: string, filter: string): boolean {
  const parsed = parseTopic(filter);
  return (
    parsed !== null && parsed.serial === serial && (DEVICE_SUBSCRIBES as readonly string[]).includes(parsed.channel)
  );
}
