import type { DeviceLink } from './link';

/**
 * Where a device of this machine reaches the embedded broker: its TCP listener (MQTT or MQTTS),
 * else its WebSocket one (path /mqtt), with a wildcard address turned into loopback; null for an
 * external broker or an embedded one without a listener.
 */
export function embeddedDialUrl(link: Pick<DeviceLink, 'mode' | 'status'>): string | null {
  if (link.mode !== 'embedded') return null;
  const { listeners } = link.status();
  const tcp = listeners.find((l) => l.protocol === 'mqtt' || l.protocol === 'mqtts');
  if (tcp) return `${tcp.protocol}://${dialHost(tcp.host)}:${tcp.port}`;
  const ws = listeners.find((l) => l.protocol === 'ws' || l.protocol === 'wss');
  return ws ? `${ws.protocol}://${dialHost(ws.host)}:${ws.port}/mqtt` : null;
}

/**
 * Where a device of this machine reaches whichever broker is in use: the embedded one's listener,
 * or MQTT_URL's broker without the server's credential (it must know the devices' logins: npm run
 * mosquitto-files).
 */
export function deviceDialUrl(link: Pick<DeviceLink, 'mode' | 'status'>): string | null {
  return link.mode === 'external' ? link.status().url : embeddedDialUrl(link);
}

function dialHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
