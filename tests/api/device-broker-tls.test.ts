import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedLink } from '../../server/mqtt/embedded-link';
import { generateSelfSigned } from '../../server/sip/certificate';
import { eventually, startTestLink } from '../support/devices';

/** With a key and certificate the embedded broker speaks MQTTS and WSS only. */

/** How one connection attempt ends. */
function attempt(target: string, extra: mqtt.IClientOptions): Promise<string> {
  const client = mqtt.connect(target, {
    clientId: 'TLS1',
    username: 'TLS1',
    password: 'tls-secret',
    reconnectPeriod: 0,
    connectTimeout: 1000,
    ...extra,
  });
  return new Promise<string>((resolve) => {
    client.once('connect', () => resolve('connected'));
    client.once('error', (error) => resolve(`error: ${error.message}`));
    client.once('close', () => resolve('closed'));
  }).finally(() => client.end(true));
}

describe('embedded broker with TLS', () => {
  let link: EmbeddedLink;
  let url: string;
  let wsUrl: string;
  const tls = generateSelfSigned(['127.0.0.1']);

  beforeAll(async () => {
    ({ link, url, wsUrl } = await startTestLink([{ serial: 'TLS1', password: 'tls-secret' }], { tls }));
  });
  afterAll(async () => {
    await link.close();
  });

  it('listens as mqtts and wss', () => {
    expect(link.status().listeners.map((l) => l.protocol)).toEqual(['mqtts', 'wss']);
    expect(url.startsWith('mqtts://')).toBe(true);
  });

  it('a device connects over TLS with the certificate trusted, and not without', async () => {
    for (const target of [url, wsUrl]) {
      const device = await mqtt.connectAsync(target, {
        clientId: 'TLS1',
        username: 'TLS1',
        password: 'tls-secret',
        ca: tls.cert,
        reconnectPeriod: 0,
      });
      await device.publishAsync('gh/v0/TLS1/status', JSON.stringify({ online: true }), { qos: 1, retain: true });
      await eventually(() => link.isOnline('TLS1'));
      await device.publishAsync('gh/v0/TLS1/status', JSON.stringify({ online: false, reason: 'shutdown' }), {
        qos: 1,
        retain: true,
      });
      await device.endAsync();
      await eventually(() => !link.isOnline('TLS1'));
    }
    const plain = url.replace('mqtts://', 'mqtt://');
    expect(await attempt(plain, {})).toBe('closed'); // plain MQTT on the TLS port
    expect(await attempt(url, {})).toBe('error: self-signed certificate'); // not trusted
    expect(await attempt(url, { ca: tls.cert })).toBe('connected');
  });
});
